//! «Что? Где? Когда?»'s refusals in Russian and English: the rules of
//! section 3 (and 4.13–4.16 for appeals) speaking to a team or the host.

use minuta_shared::play::chgk::{ChgkCommand, ChgkError, ChgkReceipt};

use super::Lang;

/// A ChGK game's refusal, in the person's language.
pub fn error(lang: Lang, error: &ChgkError) -> String {
    use ChgkError as E;
    if lang == Lang::En {
        return error.to_string();
    }
    match error {
        E::NoSuchQuestion => "нет такого вопроса".into(),
        E::NoSuchTour => "нет такого тура".into(),
        E::NoSuchAppeal => "нет такой апелляции".into(),
        E::NotATeam => "карточки сдают и апелляции подают только команды".into(),
        E::EmptyQuestion => "у вопроса должен быть текст".into(),
        E::Package(why) => format!("пакет вопросов не прочитан: {why}"),
        E::NoQuestionAnnounced => "вопрос не объявлен".into(),
        E::MinuteAlreadyStarted => "минута по этому вопросу уже идёт".into(),
        E::NotAnnounced => "карточки по этому вопросу ещё не принимаются".into(),
        E::CardAlreadyAccepted => "ваша команда уже сдала карточку по этому вопросу".into(),
        E::EmptyCard => "карточка не может быть пустой".into(),
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
    }
}

/// What a ChGK receipt says in a toast; `None` where «готово» says it all.
pub fn receipt(lang: Lang, receipt: &ChgkReceipt) -> Option<String> {
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
        } => super::card_receipt(lang, *since_start_ms, *late),
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
        C::Reveal { .. } => ("показ ответа", "the reveal"),
        C::CloseTour { .. } => ("закрытие тура", "closing the tour"),
        C::ShowQuestionOnProjector { .. } => ("вопрос на экране", "the question on the projector"),
        C::ResolveAppeal { .. } => ("решение по апелляции", "appeal decision"),
        C::Judge { .. } => ("отметка ответа", "judging"),
        C::SubmitCard { .. } => ("карточка", "the card"),
        C::FileAppeal { .. } => ("апелляция", "the appeal"),
    };
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
}
