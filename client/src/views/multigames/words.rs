//! «Мультиигры» texts with values (section 6): task headings, points and
//! credit, the clock's captions, who credited an answer, the commands'
//! names and receipts, and every refusal of the format's rules. Static texts
//! are [`T`] keys like every other.

use std::time::Duration;

use minuta_shared::play::clock::Phase;
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    AppealNo, Awarder, MultigamesCommand, MultigamesPlayError, MultigamesReceipt, TaskAppealKind,
    TaskStatus, TourNo,
};
use minuta_shared::time::countdown;

use crate::i18n::{Lang, T, ru_plural};
use crate::views::brain_ring::words as brain_ring;

/// «Задание 2.3 · Ребус».
pub fn task_heading(lang: Lang, number: &str, title: &str) -> String {
    let word = lang.t(T::MgColTask);
    if title.is_empty() {
        format!("{word} {number}")
    } else {
        format!("{word} {number} · {title}")
    }
}

/// «Тур 2 · Ребусы».
pub fn tour_title(lang: Lang, tour: TourNo, title: &str) -> String {
    format!("{} {tour} · {title}", lang.t(T::Tour))
}

/// «1 очко», «3 очка», «5 очков», «1.5 очка»; «1 point», «2.5 points».
pub fn points(lang: Lang, points: Credit) -> String {
    match lang {
        Lang::En => {
            let word = if points == Credit::from_int(1) {
                "point"
            } else {
                "points"
            };
            format!("{points} {word}")
        }
        Lang::Ru => {
            let word = match points.whole().map(|n| n.unsigned_abs()) {
                Some(n) => ru_plural(n, "очко", "очка", "очков"),
                // A fraction reads «полтора очка», «0.25 очка».
                None => "очка",
            };
            format!("{points} {word}")
        }
    }
}

/// What a task is announced with: «время 2:00 · 3 очка».
pub fn time_and_points(lang: Lang, seconds: u32, worth: Credit) -> String {
    let time = countdown(Duration::from_secs(u64::from(seconds)));
    lang.pick(
        format!("время {time} · {}", points(lang, worth)),
        format!("time {time} · {}", points(lang, worth)),
    )
}

/// «Сдали: 7 из 12».
pub fn answers_in(lang: Lang, answers: u32, teams: u32) -> String {
    lang.pick(
        format!("Сдали: {answers} из {teams}"),
        format!("Answers in: {answers} of {teams}"),
    )
}

/// A team's credit against the task's value: «1.5 из 3».
pub fn credit_of(lang: Lang, got: Credit, max: Credit) -> String {
    lang.pick(format!("{got} из {max}"), format!("{got} of {max}"))
}

/// What a typed credit must be: «от 0 до 3».
pub fn credit_range(lang: Lang, max: Credit) -> String {
    lang.pick(format!("от 0 до {max}"), format!("0 to {max}"))
}

/// «Зачёт (3)»: full credit.
pub fn full_credit(lang: Lang, max: Credit) -> String {
    lang.pick(format!("Зачёт ({max})"), format!("Full ({max})"))
}

/// «Частично (1.5)»: half the task's value.
pub fn partial_credit(lang: Lang, half: Credit) -> String {
    lang.pick(format!("Частично ({half})"), format!("Partial ({half})"))
}

/// Who credited an answer: «ведущий», «судья Иванов», «АЖ».
pub fn awarder(lang: Lang, by: &Awarder, judge_name: Option<&str>) -> String {
    match by {
        Awarder::Host => lang.t(T::MgByHost).into(),
        Awarder::Jury => lang.t(T::MgByJury).into(),
        Awarder::Judge(id) => match judge_name {
            Some(name) => lang.pick(format!("судья {name}"), format!("judge {name}")),
            None => lang.pick(format!("судья № {id}"), format!("judge no. {id}")),
        },
    }
}

pub fn appeal_kind(lang: Lang, kind: TaskAppealKind) -> &'static str {
    lang.t(match kind {
        TaskAppealKind::TaskIncorrect => T::MgAppealTaskIncorrect,
        TaskAppealKind::AcceptMyAnswer => T::AppealForAnswer,
    })
}

/// «Апелляция № 2 · задание 1.3».
pub fn appeal_title(lang: Lang, appeal: AppealNo, number: &str) -> String {
    lang.pick(
        format!("Апелляция № {appeal} · задание {number}"),
        format!("Appeal no. {appeal} · task {number}"),
    )
}

/// What the jury's credit field says when left empty.
pub fn jury_points_hint(lang: Lang, max: Credit) -> String {
    lang.pick(
        format!("очки при удовлетворении (пусто — все {max})"),
        format!("points if upheld (empty: the full {max})"),
    )
}

/// An upheld appeal's credit: «засчитано: 3 очка».
pub fn credited_on_appeal(lang: Lang, got: Credit) -> String {
    lang.pick(
        format!("засчитано: {}", points(lang, got)),
        format!("credited: {}", points(lang, got)),
    )
}

/// «2 ждут решения».
pub fn pending_appeals(lang: Lang, pending: usize) -> String {
    format!("{pending} {}", lang.t(T::MgPending))
}

pub fn status(lang: Lang, status: TaskStatus) -> &'static str {
    lang.t(match status {
        TaskStatus::Waiting => T::MgStatusWaiting,
        TaskStatus::Announced => T::MgStatusAnnounced,
        TaskStatus::Running => T::MgStatusRunning,
        TaskStatus::Over => T::PhaseOver,
        TaskStatus::Revealed => T::StatusRevealed,
    })
}

/// The caption under a task's countdown.
pub fn clock_caption(lang: Lang, phase: Phase) -> &'static str {
    match phase {
        Phase::Idle | Phase::Announced => lang.t(T::MgNotStarted),
        Phase::Minute => lang.t(T::MgSolving),
        Phase::LastSeconds => lang.t(T::MgLastSeconds),
        Phase::HandIn => lang.t(T::PhaseHandIn),
        Phase::Over => lang.t(T::PhaseOver),
    }
}

pub fn command_name(lang: Lang, command: &MultigamesCommand) -> String {
    use MultigamesCommand as C;
    let (ru, en) = match command {
        C::AddTour { .. } => ("новый тур", "new tour"),
        C::AddTask { .. } => ("новое задание", "new task"),
        C::Announce { .. } => ("объявление задания", "announcing the task"),
        C::Start { .. } => ("старт задания", "starting the task"),
        C::Reveal { .. } => ("показ ответа", "the reveal"),
        C::Finish => ("завершение игры", "finishing the game"),
        C::Award { .. } => ("оценка ответа", "crediting the answer"),
        C::Answer { .. } => ("ответ", "the answer"),
        C::Appeal { .. } => ("апелляция", "the appeal"),
        C::DecideAppeal { .. } => ("решение по апелляции", "appeal decision"),
    };
    lang.pick(ru.into(), en.into())
}

/// A receipt's own words; `None` for a plain «готово».
fn receipt_words(lang: Lang, receipt: &MultigamesReceipt) -> Option<String> {
    Some(match receipt {
        MultigamesReceipt::Done => return None,
        MultigamesReceipt::TourAdded { tour } => {
            lang.pick(format!("тур {tour} добавлен"), format!("tour {tour} added"))
        }
        MultigamesReceipt::TaskAdded { .. } => {
            lang.pick("задание добавлено".into(), "task added".into())
        }
        MultigamesReceipt::Answer {
            since_start_ms,
            late,
            ..
        } => crate::i18n::card_receipt(lang, *since_start_ms, *late),
        MultigamesReceipt::AppealFiled { appeal } => lang.pick(
            format!("апелляция № {appeal} подана"),
            format!("appeal no. {appeal} filed"),
        ),
    })
}

/// A refusal of the Мультиигры rules, in the person's language. The task
/// a command names is not repeated: the hall numbers tasks «2.3», the rules
/// by the order they were added.
pub fn play_error(lang: Lang, error: &MultigamesPlayError) -> String {
    use MultigamesPlayError as E;
    let (ru, en): (String, String) = match error {
        E::TooManyTours { max } => (
            format!("в турнире не больше {max} туров (6.2)"),
            format!("a tournament has at most {max} tours (6.2)"),
        ),
        E::NoSuchTour(tour) => (format!("нет тура {tour}"), format!("there is no tour {tour}")),
        E::NoSuchTask(_) => ("нет такого задания".into(), "there is no such task".into()),
        E::NoSuchAppeal(appeal) => (
            format!("нет апелляции № {appeal}"),
            format!("there is no appeal no. {appeal}"),
        ),
        E::EmptyTitle => (
            "название не может быть пустым".into(),
            "a title must not be empty".into(),
        ),
        E::BadPoints { max } => (
            format!(
                "задание стоит больше нуля и не больше {}",
                points(Lang::Ru, Credit::from_int(*max))
            ),
            format!(
                "a task is worth more than zero and at most {}",
                points(Lang::En, Credit::from_int(*max))
            ),
        ),
        E::BadSeconds { max } => (
            format!(
                "время на задание — от 1 до {}",
                brain_ring::seconds(Lang::Ru, u64::from(*max))
            ),
            format!(
                "a task takes from 1 to {}",
                brain_ring::seconds(Lang::En, u64::from(*max))
            ),
        ),
        E::TooLong { got, max } => (
            format!("слишком длинный текст ({got} знаков, можно не больше {max})"),
            format!("the text is too long ({got} characters, at most {max})"),
        ),
        E::BadTiming => (
            "сдача после сигнала — не дольше 60 с, предупреждение — не раньше чем за 10 минут до конца"
                .into(),
            "the grace after the end signal is at most 60 s, the warning at most 10 minutes before the end"
                .into(),
        ),
        E::TaskRunning(_) => (
            "сейчас идёт решение задания: дождитесь конца его времени".into(),
            "a task is being solved: wait for its time to end".into(),
        ),
        E::AlreadyStarted(_) => (
            "задание уже начато".into(),
            "the task has been started already".into(),
        ),
        E::NotAnnounced(_) => (
            "сначала объявите это задание".into(),
            "announce this task first".into(),
        ),
        E::NotStarted(_) => (
            "задание ещё не начато".into(),
            "the task has not been started".into(),
        ),
        E::StillAccepting(_) => (
            "ответы на задание ещё принимаются".into(),
            "answers to the task are still accepted".into(),
        ),
        E::TourOver(_) => (
            "тур окончен: его итоги окончательны".into(),
            "the tour is over: its results are final".into(),
        ),
        E::OpenAppeals => (
            "есть нерешённые апелляции: сначала их решает АЖ (6.4)".into(),
            "appeals are still open: the jury decides them first (6.4)".into(),
        ),
        E::EmptyAnswer => (
            "ответ не может быть пустым".into(),
            "an answer must not be empty".into(),
        ),
        // From another of the team's terminals, or the demo's robot before
        // a person sat down: the answer in is the team's.
        E::AlreadyAnswered => (
            "ответ уже сдан: ответ команды принят раньше".into(),
            "the answer is already handed in: the team's answer was accepted earlier".into(),
        ),
        E::NoAnswer => (
            "у команды нет ответа на это задание".into(),
            "the team has no answer to this task".into(),
        ),
        E::LateAnswer => (
            "ответ сдан с опозданием: он хранится, но не засчитывается".into(),
            "the answer was late: it is kept but never scored".into(),
        ),
        E::CreditOutOfRange { got, max } => (
            format!("{got} — вне пределов от 0 до {max}: нельзя дать больше, чем стоит задание"),
            format!("{got} is outside 0 to {max}: credit is at most the task's value"),
        ),
        E::NotAllAwarded => (
            "перед показом ответа нужно оценить все ответы".into(),
            "every answer must be credited before the reveal".into(),
        ),
        E::NotRevealed => (
            "ответ на задание ещё не показан".into(),
            "the task's answer has not been revealed yet".into(),
        ),
        E::AppealsOff => (
            "в этой игре апелляций нет".into(),
            "appeals are switched off in this game".into(),
        ),
        E::NothingToAppeal => (
            "ваш ответ уже засчитан полностью".into(),
            "your answer has full credit already".into(),
        ),
        E::DuplicateAppeal => (
            "ваша команда уже подала такую апелляцию".into(),
            "your team has filed this appeal already".into(),
        ),
        E::AppealDecided => (
            "апелляция уже решена".into(),
            "this appeal is decided already".into(),
        ),
        E::Withdrawn => (
            "задание снято по апелляции".into(),
            "the task was withdrawn on appeal".into(),
        ),
        E::TooPrecise => (
            "очки даются с точностью до сотых".into(),
            "credit is given in hundredths of a point at the finest".into(),
        ),
        E::Finished => (
            "игра завершена: её итоги окончательны".into(),
            "the game is over: its results are final".into(),
        ),
        E::NoSuchTeam => ("нет такой команды".into(), "there is no such team".into()),
        E::Forbidden => (
            "вашей роли это не разрешено".into(),
            "your role may not do this".into(),
        ),
        E::PointsAnnounced => (
            "задание уже начато: задания и их очки объявлены до турнира (6)".into(),
            "a task has begun: the tasks and their points were announced (6)".into(),
        ),
    };
    lang.pick(ru, en)
}

impl crate::i18n::words::FormatWords for minuta_shared::play::multigames::MultigamesGame {
    fn name(lang: Lang) -> &'static str {
        match lang {
            Lang::Ru => "Мультиигры",
            Lang::En => "Multigames",
        }
    }

    fn refusal(lang: Lang, error: &Self::Error) -> String {
        crate::i18n::words::named_refusal::<Self>(lang, play_error(lang, error))
    }

    fn receipt(lang: Lang, receipt: &Self::Receipt) -> Option<String> {
        receipt_words(lang, receipt)
    }

    fn command_name(lang: Lang, command: &Self::Command) -> String {
        command_name(lang, command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multigames_6_points_agree_with_the_number() {
        let got: Vec<String> = ["1", "3", "5", "11", "21", "1.5", "0.25"]
            .iter()
            .filter_map(|p| Credit::parse(p))
            .map(|p| points(Lang::Ru, p))
            .collect();
        assert_eq!(
            got,
            [
                "1 очко",
                "3 очка",
                "5 очков",
                "11 очков",
                "21 очко",
                "1.5 очка",
                "0.25 очка"
            ]
        );
        assert_eq!(points(Lang::En, Credit::from_int(1)), "1 point");
    }

    #[test]
    fn multigames_6_every_refusal_is_said_in_both_languages() {
        let max = Credit::from_int(3);
        let errors = [
            MultigamesPlayError::TooManyTours { max: 6 },
            MultigamesPlayError::NoSuchTour(TourNo(1)),
            MultigamesPlayError::BadSeconds { max: 3600 },
            MultigamesPlayError::CreditOutOfRange {
                got: Credit::from_int(4),
                max,
            },
            MultigamesPlayError::LateAnswer,
            MultigamesPlayError::Forbidden,
        ];
        for error in &errors {
            let (ru, en) = (play_error(Lang::Ru, error), play_error(Lang::En, error));
            assert!(!ru.is_empty() && !en.is_empty());
            assert_ne!(ru, en, "{error:?}");
        }
        assert_eq!(
            play_error(Lang::Ru, &MultigamesPlayError::TooManyTours { max: 6 }),
            "в турнире не больше 6 туров (6.2)"
        );
        assert_eq!(
            play_error(Lang::Ru, &MultigamesPlayError::BadSeconds { max: 3600 }),
            "время на задание — от 1 до 3600 секунд"
        );
    }

    #[test]
    fn multigames_refusals_before_the_format_are_said_in_both_languages() {
        use minuta_shared::play::games::PlayError;
        use minuta_shared::wire::server::CommandError;
        let cases = [
            (
                CommandError::NoSuchGame,
                "в программе нет такой игры",
                "there is no such game in the programme",
            ),
            (
                CommandError::Play(PlayError::WrongFormat),
                "эта команда — для игры другого формата",
                "this command is for a game of another format",
            ),
        ];
        for (error, ru, en) in cases {
            assert_eq!(crate::i18n::command_error(Lang::Ru, &error), ru);
            assert_eq!(crate::i18n::command_error(Lang::En, &error), en);
        }
    }

    #[test]
    fn multigames_6_an_announced_task_reads_its_time_and_points() {
        assert_eq!(
            time_and_points(Lang::Ru, 120, Credit::from_int(3)),
            "время 2:00 · 3 очка"
        );
        assert_eq!(
            task_heading(Lang::Ru, "2.3", "Ребус"),
            "Задание 2.3 · Ребус"
        );
    }
}
