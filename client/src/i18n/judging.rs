//! The host's quick and safe judging and running of a ChGK question (issue
//! 25): the keyboard's help line, «Остальные — неверно», taking back an
//! announcement and the second press before skipping an unplayed question.
//! Their own table ([`Jt`]) so the main one stays readable.

use super::{Lang, texts};

texts! {
    /// A static text of the host's judging and question buttons.
    Jt;
    RestWrong => "Остальные — неверно", "The rest wrong";
    JudgingKeys => "Клавиши: стрелки вверх и вниз — другой ответ, В или 1 — верно, Н или 0 — неверно.", "Keys: the up and down arrows — another answer, В or 1 — correct, Н or 0 — wrong.";
    TakeBack => "Отменить объявление", "Take back the announcement";
    SkipNo => "Нет, остаться", "No, stay";
    RevealByEnter => "Всё отмечено: Enter — показать ответ.", "All judged: Enter reveals the answer.";
}

/// The second press before «Следующий вопрос» leaves a question unplayed.
pub fn skip_unplayed(lang: Lang, unplayed: &str) -> String {
    lang.pick(
        format!("Вопрос {unplayed} объявлен, но не сыгран. Всё равно следующий?"),
        format!("Question {unplayed} is announced but not played. Next anyway?"),
    )
}

/// The button that confirms the skip, naming the question it announces.
pub fn skip_yes(lang: Lang, next: &str) -> String {
    lang.pick(
        format!("Да, следующий ({next})"),
        format!("Yes, next ({next})"),
    )
}
