//! Texts of a deciding tie settled in play (4.3, 5.2, 5.4, 5.5): the tie at
//! the qualification cut, an Эрудит-квартет group's or final's tie, the
//! shoot-off and the host's lot with its seed.

use minuta_shared::ids::TeamId;
use minuta_shared::wire::view::PrizeTieBoard;

use super::{Lang, texts};

texts! {
    /// A tie's static text, rendered by [`Lang::t`].
    Tt;
    ShootOff => "Перестрелка", "Shoot-off";
    ShootOffQuestion => "Вопрос перестрелки", "Shoot-off question";
    ShootOffHint => "Игроки команд, разделивших место, — за кнопками; первый верный ответ забирает высшее из разыгрываемых мест.", "The tied teams' players at the buttons; the first right answer takes the highest place at stake.";
    Nobody => "Никто не ответил", "Nobody answered";
    Right => "Верно", "Right";
    Wrong => "Неверно", "Wrong";
    WaitingForPress => "Ждём нажатия…", "Waiting for a press…";
    Lot => "Жребий", "Lot";
    LotHint => "Или жребий: число зерна видно залу вместе с результатом и записано в протокол.", "Or a lot: the seed is shown to the hall with the result and recorded in the sheet.";
    LotSeed => "Зерно жребия", "Lot seed";
    DrawLot => "Бросить жребий", "Draw the lot";
    CutTitle => "Ничья на границе отбора", "A tie at the cut";
    CutHint => "Вопрос — на карточки команд, разделивших место; отметьте команды, ответившие верно, и запишите вопрос. Повторяйте, пока ничья не разрешится.", "One question to the tied teams' cards: tick the teams that answered right and record it. Repeat until the tie breaks.";
    CutRecord => "Записать вопрос перестрелки", "Record the shoot-off question";
    YourShootOff => "Ваша команда в перестрелке: жмите, когда знаете ответ!", "Your team is in the shoot-off: press when you know!";
    PrizeTitle => "Ничья за призовое место", "A tie for a prize place";
    PrizeHint => "Призовых мест три (2.2): разыграйте место перестрелкой — вопрос командам, разделившим место, отметьте ответивших верно и запишите вопрос, — или жребием; или запишите, что место делится (общий приз).", "There are three prize places (2.2): play the place off — one question to the tied teams, tick those right and record it — or draw a lot; or record that the place is shared (a shared prize).";
    PrizeShare => "Место делится (общий приз)", "The place is shared (a shared prize)";
    PrizesSettled => "Призовые места разыграны", "Prize places settled";
}

/// The prize tie's game as screens name it: its own name, or its format's
/// for the event's ChGK and Brain-ring.
fn game_title(lang: Lang, board: &PrizeTieBoard) -> String {
    if board.game_name.is_empty() {
        super::format_name(lang, board.format).to_owned()
    } else {
        board.game_name.clone()
    }
}

/// «Что? Где? Когда?»: «А», «Б» делят 1-2 место.
pub fn prize_tied(lang: Lang, board: &PrizeTieBoard) -> String {
    let names: Vec<String> = board.tied.iter().map(|(_, n)| n.clone()).collect();
    let teams = quoted_list(&names);
    let game = format!("«{}»", game_title(lang, board));
    let place = board.place;
    lang.pick(
        format!("{game}: {teams} делят {place} место"),
        format!("{game}: {teams} share place {place}"),
    )
}

/// «Разыгрывают 2–3 место: «Б», «В»».
pub fn prize_still(lang: Lang, board: &PrizeTieBoard) -> Option<String> {
    let place = board.still_place?;
    let names: Vec<String> = board.still_tied.iter().map(|(_, n)| n.clone()).collect();
    let teams = quoted_list(&names);
    Some(lang.pick(
        format!("Разыгрывают {place} место: {teams}"),
        format!("Playing off place {place}: {teams}"),
    ))
}

/// The places a tie gave: «1 — «А»; 2 — «Б»» (a shared place as «2-3»),
/// with how it was settled.
pub fn prize_result(lang: Lang, board: &PrizeTieBoard) -> String {
    let places: Vec<String> = board
        .places
        .iter()
        .map(|(name, place)| format!("{place} — «{name}»"))
        .collect();
    let places = places.join("; ");
    let how = match (board.shared, board.lot, board.shoot_off.len()) {
        (true, _, _) => lang.pick("место делится".to_owned(), "the place is shared".to_owned()),
        (false, Some(seed), _) => {
            lang.pick(format!("жребий, зерно {seed}"), format!("lot, seed {seed}"))
        }
        (false, None, n) => lang.pick(
            format!("перестрелка, вопросов: {n}"),
            format!("shoot-off, {n} question(s)"),
        ),
    };
    format!("{places} ({how})")
}

/// «Вопрос перестрелки № 2».
pub fn question_number(lang: Lang, number: u32) -> String {
    lang.pick(
        format!("Вопрос перестрелки № {number}"),
        format!("Shoot-off question {number}"),
    )
}

/// «Отвечает «А»».
pub fn answering(lang: Lang, team: &str) -> String {
    lang.pick(format!("Отвечает «{team}»"), format!("«{team}» answers"))
}

/// A settled tie for the hall: the order it gave and how.
pub fn settled(lang: Lang, names: &[String], questions: u32, lot: Option<u64>) -> String {
    let order = names.join(", ");
    match lot {
        Some(seed) => lang.pick(
            format!("Жребий (зерно {seed}): {order}"),
            format!("Lot (seed {seed}): {order}"),
        ),
        None => lang.pick(
            format!("Перестрелка ({questions} вопр.): {order}"),
            format!("Shoot-off ({questions} question(s)): {order}"),
        ),
    }
}

/// «3 команды равны на границе отбора — разыгрываются мест: 2».
pub fn cut_places(lang: Lang, teams: usize, places: u32) -> String {
    lang.pick(
        format!("Команд, равных по очкам и рейтингу: {teams}; разыгрываются мест: {places} (4.3)."),
        format!("{teams} teams level on points and rating contest {places} place(s) (4.3)."),
    )
}

/// «Вопрос перестрелки № 1: верно — «А», «Б»» (or nobody right).
pub fn shoot_off_right(lang: Lang, number: u32, right: &[String]) -> String {
    if right.is_empty() {
        return lang.pick(
            format!("Вопрос перестрелки № {number}: верных ответов нет"),
            format!("Shoot-off question {number}: nobody right"),
        );
    }
    let teams = quoted_list(right);
    lang.pick(
        format!("Вопрос перестрелки № {number}: верно — {teams}"),
        format!("Shoot-off question {number}: right — {teams}"),
    )
}

/// «Равны на границе отбора: «А», «Б», «В» — мест: 2 (4.3)».
pub fn cut_tied(lang: Lang, names: &[String], places: u32) -> String {
    let teams = quoted_list(names);
    lang.pick(
        format!("Равны на границе отбора: {teams} — мест: {places} (4.3)"),
        format!("Level at the cut: {teams} — places: {places} (4.3)"),
    )
}

/// The refusal at the qualification cut, naming the tied teams (4.3).
pub fn at_the_cut(lang: Lang, teams: &[(TeamId, String)], places: u32) -> String {
    let names: Vec<String> = teams.iter().map(|(_, n)| n.clone()).collect();
    let teams = quoted_list(&names);
    lang.pick(
        format!(
            "равны по очкам и рейтингу на границе отбора: {teams} — мест: {places}. Разрешите перестрелкой или жребием (4.3)"
        ),
        format!(
            "level on points and rating at the cut: {teams} — places: {places}. Settle it by a shoot-off or a lot (4.3)"
        ),
    )
}

pub(crate) fn quoted_list(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("«{n}»"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tie_every_static_text_exists_in_both_languages() {
        for key in Tt::ALL {
            assert!(!key.text(Lang::Ru).is_empty());
            assert!(!key.text(Lang::En).is_empty());
        }
    }

    #[test]
    fn tie_a_settled_lot_names_its_seed() {
        let names = vec!["Совы".to_owned(), "Умники".to_owned()];
        assert_eq!(
            settled(Lang::Ru, &names, 0, Some(42)),
            "Жребий (зерно 42): Совы, Умники"
        );
    }
}
