//! «Что? Где? Когда?»'s words in Russian and English: the names of its
//! verdicts, appeals and question states, and its refusals — the rules of
//! section 3 (and 4.13–4.16 for appeals) speaking to a team or the host.

use minuta_shared::ids::TourId;
use minuta_shared::packages::PackageError;
use minuta_shared::play::chgk::view::QuestionStatus;
use minuta_shared::play::chgk::{AppealKind, ChgkCommand, ChgkError, ChgkReceipt, Verdict};
use minuta_shared::programme::Slot;

use crate::i18n::{Lang, T, texts};

/// «ЧГК, тур 2 · Классика»; a title that only repeats «Тур 2» (or «2 тур»)
/// is left out.
pub fn chgk_tour(lang: Lang, tour: TourId, title: &str) -> String {
    let number = u64::from(tour.0) + 1;
    let head = lang.pick(format!("ЧГК, тур {number}"), format!("ChGK, tour {number}"));
    let title = title.trim();
    // «Тур 2», «2 тур», «Tour 2» say nothing the head does not.
    let generic = [
        format!("тур {number}"),
        format!("{number} тур"),
        format!("tour {number}"),
    ];
    if title.is_empty() || generic.iter().any(|g| title.to_lowercase() == *g) {
        head
    } else {
        format!("{head} · {title}")
    }
}

/// A judge's verdict on a group of cards.
pub fn verdict(lang: Lang, verdict: Verdict) -> &'static str {
    lang.t(match verdict {
        Verdict::Correct => T::VerdictCorrect,
        Verdict::Wrong => T::VerdictWrong,
    })
}

/// What an appeal asks for.
pub fn appeal_kind(lang: Lang, kind: AppealKind) -> &'static str {
    lang.t(match kind {
        AppealKind::WithdrawQuestion => T::AppealAgainstQuestion,
        AppealKind::AcceptMyAnswer => T::AppealForAnswer,
    })
}

/// Where a question of the package stands.
pub fn question_status(lang: Lang, status: QuestionStatus) -> &'static str {
    lang.t(match status {
        QuestionStatus::NotPlayed => T::StatusNotPlayed,
        QuestionStatus::Announced => T::StatusAnnounced,
        QuestionStatus::Played => T::StatusPlayed,
        QuestionStatus::Revealed => T::StatusRevealed,
    })
}

/// A ChGK game's refusal, in the person's language.
pub fn error(lang: Lang, error: &ChgkError) -> String {
    use ChgkError as E;
    // The team's one card may have come from another of its terminals, or
    // from the demo's robot before a person sat down: say it was the team's.
    if *error == E::CardAlreadyAccepted {
        return card_already_accepted(lang);
    }
    if lang == Lang::En {
        return error.to_string();
    }
    match error {
        E::NoSuchQuestion => "нет такого вопроса".into(),
        E::NoSuchTour => "нет такого тура".into(),
        E::NoSuchAppeal => "нет такой апелляции".into(),
        E::NotATeam => "карточки сдают и апелляции подают только команды".into(),
        E::EmptyQuestion => "у вопроса должен быть текст".into(),
        E::Package(why) => format!("пакет вопросов не прочитан: {}", package_error(why)),
        E::NoQuestionAnnounced => "вопрос не объявлен".into(),
        E::MinuteAlreadyStarted => "минута по этому вопросу уже идёт".into(),
        E::NotAnnounced => "карточки по этому вопросу ещё не принимаются".into(),
        E::CardAlreadyAccepted => card_already_accepted(lang),
        E::TooLong { got, max } => {
            format!("слишком длинный текст ({got} знаков, можно не больше {max})")
        }
        E::TourClosed => "тур закрыт: его итоги окончательны".into(),
        E::OpenAppeals => "в туре есть нерассмотренные апелляции".into(),
        E::NoSuchGroup => "нет карточки с таким ответом".into(),
        E::NotRevealed => "ответ ещё не показан".into(),
        E::NoCardToAppeal => "у вашей команды нет засчитываемой карточки по этому вопросу".into(),
        E::AppealResolved => "апелляция уже рассмотрена".into(),
        E::DuplicateAppeal => "ваша команда уже подала такую апелляцию".into(),
        E::QuestionWithdrawn => "вопрос снят".into(),
        E::NotAllJudged => "перед показом ответа нужно отметить все ответы".into(),
        E::ClockRunning => "время по вопросу ещё идёт".into(),
        E::NoHandout => "у этого вопроса нет раздаточного материала".into(),
        E::NoPicture => "у этого вопроса нет такой картинки".into(),
        E::CardsHandedIn => "по этому вопросу уже сданы карточки".into(),
        E::NoSuchTeam => "нет такой команды".into(),
        E::PlayedTheTour => "команда сдавала карточки в этом туре: она его играла".into(),
        E::JuryDecides => "апелляции рассматривает апелляционное жюри (6.5), не ведущий".into(),
        E::NotADecider => "решение по апелляции принимает ведущий или АЖ".into(),
        E::AnswerCounted => "ответ вашей команды уже засчитан: оспаривать нечего".into(),
        E::NotPlayedYet => "вопрос ещё не сыгран".into(),
    }
}

/// A second card for the question: the team's one card is in already.
pub fn card_already_accepted(lang: Lang) -> String {
    lang.pick(
        "карточка уже сдана: ответ команды принят раньше".into(),
        "the card is already handed in: the team's answer was accepted earlier".into(),
    )
}

/// What a ChGK receipt says in a toast; `None` where «готово» says it all.
fn receipt_words(lang: Lang, receipt: &ChgkReceipt) -> Option<String> {
    Some(match receipt {
        ChgkReceipt::Done => return None,
        ChgkReceipt::PackageLoaded { tours, questions } => lang.pick(
            format!("пакет загружен: туров {tours}, вопросов {questions}"),
            format!("package loaded: {tours} tours, {questions} questions"),
        ),
        ChgkReceipt::AppealFiled { appeal } => lang.pick(
            format!("апелляция № {appeal} подана"),
            format!("appeal no. {appeal} filed"),
        ),
        ChgkReceipt::Card {
            since_start_ms,
            late,
            ..
        } => crate::i18n::card_receipt(lang, *since_start_ms, *late),
    })
}

/// A ChGK command's name in a toast.
pub fn command_name(lang: Lang, command: &ChgkCommand) -> &'static str {
    use ChgkCommand as C;
    let (ru, en) = match command {
        C::LoadPackage { .. } => ("загрузка пакета", "package loading"),
        C::AddQuestion { .. } => ("новый вопрос", "new question"),
        C::Announce { .. } => ("объявление вопроса", "announcing the question"),
        C::StartMinute => ("«Время»", "«Time»"),
        C::TakeBackAnnouncement { .. } => ("отмена объявления", "taking back the announcement"),
        C::Reveal { .. } => ("показ ответа", "the reveal"),
        C::CloseTour { .. } => ("закрытие тура", "closing the tour"),
        C::ShowQuestionOnProjector { .. } => ("вопрос на экране", "the question on the projector"),
        C::ShowHandout { .. } => ("раздатка на экране", "the handout on the projector"),
        C::ShowPicture { .. } => ("картинка на экране", "the picture on the projector"),
        C::ResolveAppeal { .. } => ("решение по апелляции", "appeal decision"),
        C::Judge { .. } => ("отметка ответа", "judging"),
        C::JudgeRestWrong { .. } => ("остальные — неверно", "the rest wrong"),
        C::SubmitCard { .. } => ("карточка", "the card"),
        C::FileAppeal { .. } => ("апелляция", "the appeal"),
        C::MarkAbsent { .. } => ("явка команды", "the team's attendance"),
    };
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
}

/// Why a package was not read, in Russian: the host fixes the file by it, so
/// it names the line and the marker as the English text does.
pub fn package_error(error: &PackageError) -> String {
    use PackageError as P;
    match error {
        P::Empty => "пакет пуст".into(),
        P::NoQuestions => {
            "в пакете нет вопросов (вопрос начинается строкой «? текст вопроса»)".into()
        }
        P::QuestionWithoutAnswer { line } => {
            format!("строка {line}: у вопроса нет ответа (нет строки «! ответ»)")
        }
        P::EmptyAnswer { line } => format!("строка {line}: ответ пуст"),
        P::QuestionWithoutText { line } => format!(
            "строка {line}: у вопроса нет текста (строки «? текст вопроса» нет или она пуста)"
        ),
        P::SecondAnswer {
            line,
            question_line,
        } => format!(
            "строка {line}: второй ответ в вопросе со строки {question_line} (не пропущена ли строка «? »?)"
        ),
        P::FieldOutsideQuestion { line, marker, .. } => format!(
            "строка {line}: «{marker}» вне вопроса; эта строка должна идти за строкой вопроса «? » без пустой строки между ними"
        ),
        P::TextWithoutMarker { line } => format!(
            "строка {line}: текст без маркера после пустой строки; не пропущен ли маркер вроде «? » или «! »?"
        ),
        P::UnclosedHandout { line } => format!(
            "строка {line}: раздаточный материал «[Раздаточный материал: …» не закрыт скобкой «]»"
        ),
        // The reasons inside come from the zip and XML readers, in English.
        P::SiqBrokenArchive { file_name, reason } => {
            format!("{file_name}: zip-архив пакета SIGame повреждён или это не zip ({reason})")
        }
        P::SiqMissingContent { file_name } => {
            format!("{file_name}: в архиве нет content.xml — это не пакет SIGame")
        }
        P::SiqTooManyEntries { file_name, limit } => format!(
            "{file_name}: в архиве больше {limit} файлов, намного больше, чем в любом пакете SIGame (zip-бомба?)"
        ),
        P::SiqTooLarge {
            file_name,
            limit_mib,
        } => {
            format!("{file_name}: архив распаковывается больше чем в {limit_mib} МиБ (zip-бомба?)")
        }
        P::SiqContentTooLarge {
            file_name,
            limit_mib,
        } => format!("{file_name}: content.xml распаковывается больше чем в {limit_mib} МиБ"),
        P::SiqMalformedXml { file_name, reason } => {
            format!("{file_name}: content.xml — испорченный XML ({reason})")
        }
        P::SiqNotAPackage { file_name, root } => format!(
            "{file_name}: content.xml — не пакет SIGame (его корневой элемент <{root}>, а не <package>)"
        ),
        P::SiqNoQuestions { file_name } => format!("{file_name}: в пакете SIGame нет вопросов"),
        P::UnknownFormat {
            file_name,
            extension,
        } => format!(
            "{file_name}: неизвестный формат «.{extension}»; Minuta загружает пакеты .4s и пакеты SIGame .siq"
        ),
        P::UnsureEncoding { file_name, line } => format!(
            "{file_name}: текст не в UTF-8 (строка {line}), и кодировку не удалось определить наверняка (Windows-1251? KOI8-R?); сохраните пакет в UTF-8 или назовите кодировку параметром --encoding"
        ),
        P::NotInEncoding {
            file_name,
            encoding,
            line,
        } => format!("{file_name}: строка {line} — не текст в кодировке {encoding}"),
        P::UnknownEncoding { label } => {
            format!("неизвестная кодировка «{label}»; подойдут utf-8, windows-1251, koi8-r, ibm866")
        }
        P::ZipArchive { file_name } => format!(
            "{file_name}: это zip-архив, а не текст .4s, и не пакет SIGame (в нём нет content.xml; переименованный .docx?); сохраните пакет как текст .4s"
        ),
    }
}

texts! {
    /// ChGK's own static texts: the «пропуск», the appeal jury's desk and
    /// the teams' attendance (4.3, 6.5), rendered by [`Lang::t`].
    Ct;
    PassButton => "Пропуск", "Pass";
    PassConfirm => "Сдать пустую карточку? Команда играет вопрос, но очка не получит. Как и любой ответ, пропуск окончателен.", "Hand in an empty card? The team plays the question but scores nothing. Like any answer, a pass is final.";
    PassYes => "Да, пропуск", "Yes, pass";
    PassCard => "пропуск", "pass";
    Passes => "Пропуск", "Passed";
    JuryDecides => "Апелляции рассматривает апелляционное жюри (6.5): здесь видно, в каком они состоянии.", "The appeal jury decides the appeals (6.5): their state shows here.";
    TakeBackAppeals => "АЖ ушло: апелляции решает ведущий", "The jury has left: the host decides the appeals";
    TakeBackAppealsHint => "Только если АЖ ушло насовсем: решение записывается, и дальше апелляции ЧГК решает ведущий (4.14). Вернётся АЖ — его терминал снова сядет за апелляции.", "Only if the jury has left for good: it is recorded, and the host decides the ChGK appeals from now on (4.14). A jury terminal joining again seats the jury again.";
    TeamAnswer => "Ответ команды", "The team's answer";
    Attendance => "Явка", "Attendance";
    ChgkScreen => "ЧГК", "ChGK";
    ChgkTourNumber => "Тур ЧГК №", "ChGK tour no.";
    AddChgkTour => "Добавить тур ЧГК", "Add the ChGK tour";
    ChgkFull => "«Что? Где? Когда?»", "«What? Where? When?»";
    AttendanceHint => "Команда входит в A тура (4.3), пока не отмечена отсутствующей: снимите галочку с тура, который она пропустила или с которого ушла.", "A team counts in a tour's A (4.3) until marked absent: untick a tour it missed or left.";
    NoTours => "В турнире ЧГК пока нет туров.", "The ChGK tournament has no tours yet.";
}

/// Who decided an appeal and when: «АЖ, 20:31:05».
pub fn decided_by(lang: Lang, jury: bool, at: &str) -> String {
    let who = match (jury, lang) {
        (true, Lang::Ru) => "АЖ",
        (true, Lang::En) => "the appeal jury",
        (false, Lang::Ru) => "ведущий",
        (false, Lang::En) => "the host",
    };
    format!("{who}, {at}")
}

/// A tour's box on the teams tab: ticked, the team plays it.
pub fn plays_tour(lang: Lang, title: &str) -> String {
    lang.pick(format!("{title}: играет"), format!("{title}: plays"))
}

/// Appeals waiting for the jury, beside a game's name on its desk.
pub fn pending_appeals(lang: Lang, n: usize) -> String {
    lang.pick(
        format!("ждут решения: {n}"),
        format!("awaiting a decision: {n}"),
    )
}

impl crate::i18n::words::FormatWords for minuta_shared::play::chgk::ChgkGame {
    fn name(lang: Lang) -> &'static str {
        match lang {
            Lang::Ru => "Что? Где? Когда?",
            Lang::En => "What? Where? When?",
        }
    }

    fn added_name(lang: Lang) -> &'static str {
        match lang {
            Lang::Ru => "Ещё турнир ЧГК",
            Lang::En => "Another ChGK tournament",
        }
    }

    fn refusal(lang: Lang, error: &Self::Error) -> String {
        self::error(lang, error)
    }

    fn receipt(lang: Lang, receipt: &Self::Receipt) -> Option<String> {
        receipt_words(lang, receipt)
    }

    fn command_name(lang: Lang, command: &Self::Command) -> String {
        command_name(lang, command).into()
    }

    /// 2.2: «Что? Где? Когда?» — the game's name, else the event's.
    fn festival_name(lang: Lang, name: &str, tournament: &str) -> Option<String> {
        let chgk = lang.t(Ct::ChgkFull);
        let name = Some(name.trim())
            .filter(|n| !n.is_empty())
            .unwrap_or(tournament.trim());
        Some(if name.is_empty() {
            chgk.to_owned()
        } else {
            format!("{chgk} — {name}")
        })
    }

    /// 2: the programme's «тур ЧГК» slots are the event's ChGK's tours.
    fn slot_name(lang: Lang, slot: &Slot, title: &str) -> Option<String> {
        match slot {
            Slot::ChgkTour { tour } => Some(chgk_tour(lang, *tour, title)),
            Slot::GameTour { .. } | Slot::BrainRing => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chgk_every_static_text_exists_in_both_languages() {
        for key in Ct::ALL {
            assert!(!key.text(Lang::Ru).is_empty());
            assert!(!key.text(Lang::En).is_empty());
        }
    }

    #[test]
    fn chgk_package_errors_speak_russian_and_english() {
        // Arrange: a .docx renamed to .4s, refused by the server.
        let refusal = ChgkError::Package(PackageError::ZipArchive {
            file_name: "пакет.4s".into(),
        });

        // Act
        let ru = error(Lang::Ru, &refusal);
        let en = error(Lang::En, &refusal);

        // Assert
        assert_eq!(
            ru,
            "пакет вопросов не прочитан: пакет.4s: это zip-архив, а не текст .4s, и не пакет SIGame (в нём нет content.xml; переименованный .docx?); сохраните пакет как текст .4s"
        );
        assert!(en.contains("this is a zip archive, not a .4s text"), "{en}");
        let unsure = PackageError::UnsureEncoding {
            file_name: "old.4s".into(),
            line: 3,
        };
        assert!(package_error(&unsure).contains("--encoding"));
        assert!(package_error(&unsure).contains("строка 3"));
    }

    #[test]
    fn chgk_siq_package_errors_name_the_file_in_russian_and_english() {
        // Arrange: a zip bomb refused by the server.
        let refusal = ChgkError::Package(PackageError::SiqTooLarge {
            file_name: "бомба.siq".into(),
            limit_mib: 64,
        });

        // Act
        let ru = error(Lang::Ru, &refusal);
        let en = error(Lang::En, &refusal);

        // Assert
        assert_eq!(
            ru,
            "пакет вопросов не прочитан: бомба.siq: архив распаковывается больше чем в 64 МиБ (zip-бомба?)"
        );
        assert!(
            en.contains("бомба.siq: the archive unpacks to more than 64 MiB"),
            "{en}"
        );
        let empty = PackageError::SiqNoQuestions {
            file_name: "пусто.siq".into(),
        };
        assert_eq!(
            package_error(&empty),
            "пусто.siq: в пакете SIGame нет вопросов"
        );
    }
}
