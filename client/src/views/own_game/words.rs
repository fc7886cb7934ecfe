//! «Своя игра»'s words in both languages: the format's name, its refusals
//! and commands (the registry's [`FormatWords`]), and its screens' texts.

use minuta_shared::play::button::PressKind;
use minuta_shared::play::own_game::{OwnGame, OwnGameCommand, OwnGameError, QuestionView};

use crate::i18n::Lang;
use crate::i18n::words::{FormatWords, named_refusal};
use crate::state::PressOutcome;

impl FormatWords for OwnGame {
    fn name(lang: Lang) -> &'static str {
        match lang {
            Lang::Ru => "Своя игра",
            Lang::En => "Own game",
        }
    }

    fn refusal(lang: Lang, error: &OwnGameError) -> String {
        use OwnGameError as E;
        let reason = match error {
            E::NoSuchQuestion(q) => lang.pick(
                format!("на табло нет вопроса {}", q + 1),
                format!("the board has no question {}", q + 1),
            ),
            E::Played(q) => lang.pick(
                format!("вопрос {} уже сыгран", q + 1),
                format!("question {} has been played", q + 1),
            ),
            E::QuestionOpen => lang.pick(
                "вопрос ещё открыт — сначала снимите его".into(),
                "a question is open: close it first".into(),
            ),
            E::NoQuestion => lang.pick("вопрос не выбран".into(), "no question is open".into()),
            E::Armed => lang.pick(
                "кнопки уже открыты".into(),
                "the buttons are open already".into(),
            ),
            E::Answering => lang.pick(
                "команда отвечает — сначала оцените ответ".into(),
                "a team is answering: judge it first".into(),
            ),
            E::NobodyAnswering => {
                lang.pick("никто не отвечает".into(), "no team is answering".into())
            }
            E::BoardSize => lang.pick(
                "на табло от 1 до 12 вопросов".into(),
                "a board holds 1 to 12 questions".into(),
            ),
            E::Price => lang.pick(
                "цена — от 1 до 10 000".into(),
                "a price is 1 to 10,000".into(),
            ),
            E::PressSeconds => lang.pick(
                "кнопки открыты от 1 до 600 секунд".into(),
                "the buttons stay open 1 to 600 seconds".into(),
            ),
        };
        named_refusal::<Self>(lang, reason)
    }

    fn command_name(lang: Lang, command: &OwnGameCommand) -> String {
        let (ru, en) = match command {
            OwnGameCommand::Choose { .. } => ("выбор вопроса", "choosing a question"),
            OwnGameCommand::Arm => ("«Время»", "«Time»"),
            OwnGameCommand::Judge { .. } => ("оценка ответа", "judging the answer"),
            OwnGameCommand::Close => ("снятие вопроса", "closing the question"),
        };
        lang.pick(ru.into(), en.into())
    }
}

pub fn choose_hint(lang: Lang) -> String {
    lang.pick("открыть этот вопрос".into(), "open this question".into())
}

pub fn time(lang: Lang) -> String {
    lang.pick("Время".into(), "Time".into())
}

pub fn right(lang: Lang) -> String {
    lang.pick("Верно".into(), "Right".into())
}

pub fn wrong(lang: Lang) -> String {
    lang.pick("Неверно".into(), "Wrong".into())
}

pub fn close(lang: Lang) -> String {
    lang.pick("Снять вопрос".into(), "Close the question".into())
}

pub fn finished(lang: Lang) -> String {
    lang.pick("Игра окончена".into(), "The game is over".into())
}

/// «Вопрос за 30 — отвечает «Наяды»».
pub fn question_state(lang: Lang, q: &QuestionView) -> String {
    match (&q.answering, q.open_until) {
        (Some(a), _) => lang.pick(
            format!("Вопрос за {} — отвечает «{}»", q.price, a.name),
            format!("Question for {} — «{}» answers", q.price, a.name),
        ),
        (None, Some(_)) => lang.pick(
            format!("Вопрос за {} — кнопки открыты", q.price),
            format!("Question for {} — the buttons are open", q.price),
        ),
        (None, None) => lang.pick(
            format!("Вопрос за {} — читается", q.price),
            format!("Question for {} — being read", q.price),
        ),
    }
}

pub fn verdict(lang: Lang, outcome: &PressOutcome) -> String {
    let (ru, en) = match outcome {
        PressOutcome::Decided { kind, .. } => match kind {
            PressKind::Won => ("Вы отвечаете!", "You answer!"),
            PressKind::Late => ("Другая команда была быстрее", "Another team was faster"),
            PressKind::FalseStart => (
                "Фальстарт — вы вне вопроса",
                "False start: you are out of this question",
            ),
            PressKind::Repeated => ("Нажатие уже учтено", "Your press is counted already"),
            PressKind::LockedOut => ("Вы вне этого вопроса", "You are out of this question"),
            PressKind::Contested | PressKind::Ignored => {
                ("Нажатие не засчитано", "The press did not count")
            }
        },
        PressOutcome::Refused(_) => ("Нажатие отклонено", "The press was refused"),
        PressOutcome::Lost => (
            "Связь прервалась — нажмите ещё раз",
            "The link dropped: press again",
        ),
    };
    lang.pick(ru.into(), en.into())
}
