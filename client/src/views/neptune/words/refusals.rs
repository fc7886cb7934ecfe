//! Everything a Нептун game refuses, as the host, the captain or the
//! ломтик reads it: the game's refusals, a bid's (6.2–6.4, worded as the
//! rules), a package's. Every variant is matched, so a new refusal in the
//! engine is a compile error here until it is worded in both languages.

use minuta_shared::play::neptune::{BidRefusal, NeptunePackageError, NeptunePlayError};

use super::{contest_by_key, players, quoted};
use crate::i18n::Lang;

/// A refusal of the Нептун engine, in the person's language.
pub fn play_error(lang: Lang, error: &NeptunePlayError) -> String {
    use NeptunePlayError as E;
    let (ru, en): (String, String) = match error {
        E::Settings(why) => (
            format!("неверные настройки: {why}"),
            format!("wrong settings: {why}"),
        ),
        E::Package(e) => return package_error(lang, e),
        E::Bid(r) => return bid_refusal(lang, r),
        E::AlreadyStarted => (
            "пакет, настройки и состав закреплены: игра уже началась".into(),
            "the package, the settings and the teams are fixed once the game has started".into(),
        ),
        E::NoSuchTeam => ("нет такой команды".into(), "no such team".into()),
        E::TeamTwice => (
            "команда названа дважды".into(),
            "a team is listed twice".into(),
        ),
        E::NoTeams => (
            "в игре нет ни одной команды".into(),
            "no teams are registered for this game".into(),
        ),
        E::PlayerCount { team, players: n } => (
            format!(
                "в команде {} {}: в Нептуне играют от 4 до 6 (0.2)",
                quoted(team),
                players(Lang::Ru, *n as usize)
            ),
            format!(
                "{} has {}; a Neptune team has 4 to 6 (0.2)",
                quoted(team),
                players(Lang::En, *n as usize)
            ),
        ),
        E::NotPlaying => (
            "эта команда не играет в этом Нептуне".into(),
            "this team is not playing this game".into(),
        ),
        E::PackageShort {
            contest,
            found,
            needed,
        } => (
            format!(
                "в пакете для конкурса «{}» вопросов: {found}, а играется {needed}",
                contest_by_key(Lang::Ru, contest)
            ),
            format!(
                "the package has {found} questions for «{}»; the game plays {needed}",
                contest_by_key(Lang::En, contest)
            ),
        ),
        E::GameOver => ("игра окончена".into(), "the game is over".into()),
        E::ContestUnfinished => (
            "текущий конкурс ещё не закончен".into(),
            "the current contest is not finished".into(),
        ),
        E::NoContest => (
            "сейчас не идёт ни один конкурс".into(),
            "no contest is being played".into(),
        ),
        E::ContestDone => (
            "все вопросы конкурса уже сыграны".into(),
            "every question of this contest has been played".into(),
        ),
        E::QuestionOpen => (
            "текущий вопрос ещё не закрыт".into(),
            "the question in play is not revealed yet".into(),
        ),
        E::NoQuestion => ("сейчас нет вопроса".into(), "no question is in play".into()),
        E::RatingNeeded => (
            "в Негативе рейтинг объявляется до вопроса (1.3): укажите его".into(),
            "a Negative question's rating is announced before it is read (1.3): enter it".into(),
        ),
        E::ZeroRating => (
            "рейтинг — положительное число (1.3)".into(),
            "a rating is a positive number (1.3)".into(),
        ),
        E::RatingNotHere => (
            "рейтинг объявляется только в Негативе".into(),
            "a rating is announced only in Negative".into(),
        ),
        E::MinuteRunning => (
            "время уже идёт".into(),
            "the minute is already running".into(),
        ),
        E::BlockRead => (
            "все четыре вопроса блока уже прочитаны (3.2)".into(),
            "all four questions of the block have been read (3.2)".into(),
        ),
        E::StillAnswering => (
            "обсуждение ещё не закончилось".into(),
            "the discussion has not ended yet".into(),
        ),
        E::NotStarted => (
            "время на обсуждение ещё не пошло".into(),
            "the minute has not started".into(),
        ),
        E::TooLate => (
            "время сдачи карточек вышло".into(),
            "the time for cards is over".into(),
        ),
        E::AlreadyAnswered => (
            "карточка уже сдана".into(),
            "this card has already been handed in".into(),
        ),
        E::AnswerCount { expected } => (
            format!("в карточке здесь ответов: {expected}"),
            format!("a card has {expected} answers here"),
        ),
        E::AnswerTooLong => (
            "ответ — не длиннее 500 знаков".into(),
            "an answer is at most 500 characters".into(),
        ),
        E::SlicesAnswer => (
            "в Сэндвиче отвечают ломтики, каждый со своего терминала (2.3)".into(),
            "in Sandwich the slices answer, each from its own terminal (2.3)".into(),
        ),
        E::NotSandwich => (
            "ломтик отвечает только в Сэндвиче (2.3)".into(),
            "a slice answers only in Sandwich (2.3)".into(),
        ),
        E::OtherSlice => (
            "ломтик сдаёт только свою карточку".into(),
            "a slice hands in only its own card".into(),
        ),
        E::NoSuchCard => ("нет такой карточки".into(), "no such card".into()),
        E::NoSuchPart => (
            "в карточке нет такого ответа".into(),
            "no such answer on the card".into(),
        ),
        E::Unjudged => (
            "сначала оцените все карточки (0.4)".into(),
            "judge every card before the reveal (0.4)".into(),
        ),
        E::LateCard => (
            "опоздавшая карточка не засчитывается".into(),
            "a late card is never scored".into(),
        ),
        E::SplitFixed => (
            "разбивка на ломтики закреплена: Сэндвич начался (2.2)".into(),
            "the split into slices is fixed once Sandwich has started (2.2)".into(),
        ),
        E::EmptySlice => (
            "в каждом ломтике — хотя бы один игрок (2.2)".into(),
            "each slice needs at least one player (2.2)".into(),
        ),
        E::UnknownPlayer { player } => (
            format!("{} — не игрок этой команды", quoted(player)),
            format!("{} is not a player of this team", quoted(player)),
        ),
        E::PlayerTwice { player } => (
            format!("{} — в обоих ломтиках (2.2)", quoted(player)),
            format!("{} is in both slices (2.2)", quoted(player)),
        ),
        E::NotDeclaring => (
            "заявка сдаётся только в Джокере, пока объявлены темы (5.2)".into(),
            "a declaration is made only in Joker, while the topics are up (5.2)".into(),
        ),
        E::DeclarationRange { max } => (
            format!("заявка — от 0 до {max} (5.2)"),
            format!("a declaration is 0 to {max} (5.2)"),
        ),
        E::AlreadyDeclared => (
            "заявка уже сдана".into(),
            "the declaration has already been handed in".into(),
        ),
        E::NoSuchPhrase { phrase } => (
            format!("на листе нет фразы {}", phrase + 1),
            format!("the sheet has no phrase {}", phrase + 1),
        ),
        E::NotAuction => (
            "только в Аукционе (6)".into(),
            "only in the auction (6)".into(),
        ),
        E::BiddingClosed => ("торги закрыты".into(), "the bidding is not open".into()),
        E::BiddingOpen => ("идут торги".into(), "the bidding is still open".into()),
        E::NotATeam => (
            "это делает капитан команды (или ведущий, назвав команду)".into(),
            "only a team's captain (or the host, naming the team) does this".into(),
        ),
    };
    lang.pick(ru, en)
}

/// Why a bid was refused (6.2–6.4), for the captain's screen.
pub fn bid_refusal(lang: Lang, refusal: &BidRefusal) -> String {
    use BidRefusal as R;
    let (ru, en): (String, String) = match refusal {
        R::NotPositive { score } => (
            format!("у команды {score} очков: ставят только команды со счётом больше нуля (6.2)"),
            format!("the team has {score} points; only teams with a positive score bid (6.2)"),
        ),
        R::NotMultipleOfTen { bid } => (
            format!("{bid} не кратно десяти (6.4)"),
            format!("{bid} is not a multiple of 10 (6.4)"),
        ),
        R::FirstBidTooLow { bid } => (
            format!("{bid} меньше 40 — минимума первой ставки (6.4)"),
            format!("{bid} is below the first bid's minimum of 40 (6.4)"),
        ),
        R::RaiseTooSmall { bid, previous } => (
            format!("ставка {bid} должна быть выше {previous} на 10, 20, 30… (6.4)"),
            format!("{bid} does not raise {previous} by a multiple of 10 (6.4)"),
        ),
        R::VaBankOnly => (
            "после ва-банка — только ва-банк (6.4)".into(),
            "after va-bank only va-bank may be bid (6.4)".into(),
        ),
        R::VaBankNotLarger { worth, standing } => va_bank_not_larger_texts(*worth, *standing),
        R::VaBankTwoRunning => (
            "команда начинала ва-банк на прошлом вопросе: два вопроса подряд нельзя (6.4)".into(),
            "the team initiated va-bank on the previous question (6.4)".into(),
        ),
        R::VaBankAgain => (
            "команда уже сыграла ва-банк".into(),
            "the team has already gone va-bank".into(),
        ),
        R::VaBankBelowMinimum { score } => (
            format!(
                "ва-банк на {score} очков не открывает торги: первая ставка не меньше 40 (6.4)"
            ),
            format!(
                "va-bank of {score} points cannot open the bidding: the first bid is at least 40 (6.4)"
            ),
        ),
        R::Excluded => (
            "команда выиграла эти торги без нужной суммы и в них больше не участвует (6.2)".into(),
            "the team won this bidding without the points to cover it and is out of it (6.2)"
                .into(),
        ),
        R::AlreadyLeading => (
            "ставка команды и так высшая".into(),
            "the team already holds the highest bid".into(),
        ),
    };
    lang.pick(ru, en)
}

/// 6.2 / 6.4: a «ва-банк» is a bid of the whole score and must offer more
/// than the standing bid; at equal sums the earlier keeps the lead (6.3).
pub fn va_bank_not_larger(lang: Lang, worth: i64, standing: i64) -> String {
    let (ru, en) = va_bank_not_larger_texts(worth, standing);
    lang.pick(ru, en)
}

fn va_bank_not_larger_texts(worth: i64, standing: i64) -> (String, String) {
    if worth == standing {
        (
            format!(
                "ва-банк — это {worth}, столько же, сколько ставка {standing}: ведёт та, что пришла раньше (6.2, 6.3)"
            ),
            format!(
                "va-bank is {worth}, the same as the bid of {standing}: the earlier one keeps the lead (6.2, 6.3)"
            ),
        )
    } else {
        (
            format!("ва-банк — это {worth}, меньше ставки {standing} (6.2, 6.4)"),
            format!("va-bank is {worth}, less than the bid of {standing} (6.2, 6.4)"),
        )
    }
}

/// Why a package was not taken.
pub fn package_error(lang: Lang, error: &NeptunePackageError) -> String {
    use NeptunePackageError as P;
    let (ru, en): (String, String) = match error {
        P::Json { file, reason } => (
            format!("{} — не пакет Нептуна (.json): {reason}", quoted(file)),
            format!(
                "{} is not a Neptune package (a .json file): {reason}",
                quoted(file)
            ),
        ),
        P::SheetSize { found } => (
            format!("на листе Негатива фраз: {found}, а по правилам 24 (1.2)"),
            format!("the Negative sheet has {found} phrases; 1.2 gives every team 24"),
        ),
        P::PhraseTwice {
            phrase,
            first,
            second,
        } => (
            format!(
                "на листе Негатива фраза {} дважды ({first} и {second}): 1.2 — 24 разные фразы",
                quoted(phrase)
            ),
            format!(
                "the Negative sheet has {} twice ({first} and {second}): 1.2 gives 24 different phrases",
                quoted(phrase)
            ),
        ),
        P::FlipTwice {
            flip,
            first,
            second,
        } => (
            format!(
                "Негатив, вопросы {first} и {second}: один и тот же перевёртыш {} — 1.2 требует 12 разных фраз из 24",
                quoted(flip)
            ),
            format!(
                "Negative questions {first} and {second} share the flip {}: 1.2 needs 12 different phrases of the 24",
                quoted(flip)
            ),
        ),
        P::FlipNotOnSheet { number, flip } => (
            format!(
                "Негатив, вопрос {number}: перевёртыша {} нет на листе (1.2)",
                quoted(flip)
            ),
            format!(
                "Negative question {number}: its flip {} is not on the sheet (1.2)",
                quoted(flip)
            ),
        ),
        P::ZeroRating { number } => (
            format!("Негатив, вопрос {number}: рейтинг — положительное число (1.3)"),
            format!("Negative question {number}: a rating is a positive number (1.3)"),
        ),
        P::BlockSize { number, found } => (
            format!("в блоке Блицкрига {number} вопросов: {found}, а в блоке 4 (3.1)"),
            format!("Blitzkrieg block {number} has {found} questions; a block has 4 (3.1)"),
        ),
        P::TooMany {
            contest,
            found,
            max,
            rule,
        } => (
            format!(
                "«{}»: вопросов {found}, а конкурс играет не больше {max} ({rule})",
                contest_by_key(Lang::Ru, contest)
            ),
            format!(
                "«{}»: {found} questions, but the contest plays at most {max} ({rule})",
                contest_by_key(Lang::En, contest)
            ),
        ),
        P::NoAnswer { contest, number } => (
            format!(
                "у вопроса {number} конкурса «{}» нет ответа",
                contest_by_key(Lang::Ru, contest)
            ),
            format!(
                "question {number} of «{}» has no answer",
                contest_by_key(Lang::En, contest)
            ),
        ),
    };
    let (ru, en) = (
        format!("пакет не загружен: {ru}"),
        format!("the package was not loaded: {en}"),
    );
    lang.pick(ru, en)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neptune_a_refused_bid_reads_as_the_rule() {
        let error = NeptunePlayError::Bid(BidRefusal::FirstBidTooLow { bid: 30 });
        assert_eq!(
            play_error(Lang::Ru, &error),
            "30 меньше 40 — минимума первой ставки (6.4)"
        );
        assert_eq!(
            play_error(Lang::En, &error),
            "30 is below the first bid's minimum of 40 (6.4)"
        );
    }

    #[test]
    fn neptune_6_2_6_4_a_smaller_va_bank_is_refused_with_its_sum() {
        let smaller = NeptunePlayError::Bid(BidRefusal::VaBankNotLarger {
            worth: 80,
            standing: 300,
        });
        assert_eq!(
            play_error(Lang::Ru, &smaller),
            "ва-банк — это 80, меньше ставки 300 (6.2, 6.4)"
        );
        assert_eq!(
            play_error(Lang::En, &smaller),
            "va-bank is 80, less than the bid of 300 (6.2, 6.4)"
        );
        // 6.3: equal sums — the earlier arrival keeps the lead.
        let equal = NeptunePlayError::Bid(BidRefusal::VaBankNotLarger {
            worth: 300,
            standing: 300,
        });
        assert!(play_error(Lang::Ru, &equal).contains("ведёт та, что пришла раньше"));
        assert!(play_error(Lang::En, &equal).contains("the earlier one keeps the lead"));
    }

    #[test]
    fn neptune_1_2_two_questions_sharing_a_flip_are_named() {
        let error = NeptunePackageError::FlipTwice {
            flip: "Чёрная луна".into(),
            first: 3,
            second: 8,
        };
        assert_eq!(
            package_error(Lang::Ru, &error),
            "пакет не загружен: Негатив, вопросы 3 и 8: один и тот же перевёртыш «Чёрная луна» — 1.2 требует 12 разных фраз из 24"
        );
        assert!(package_error(Lang::En, &error).contains("12 different phrases of the 24"));
    }

    #[test]
    fn neptune_a_short_package_names_the_contest_in_the_language() {
        let error = NeptunePlayError::PackageShort {
            contest: "sandwich".into(),
            found: 3,
            needed: 6,
        };
        assert!(play_error(Lang::Ru, &error).contains("«Сэндвич»"));
        assert!(play_error(Lang::En, &error).contains("«Sandwich»"));
    }
}
