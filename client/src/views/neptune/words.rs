//! «Нептун» texts: the format's static texts ([`Nt`], a table of their own
//! so the main one stays readable), and texts with values — the contests'
//! names, what is on now, the host's next step, the auction's bids and
//! count, the team's card, run and declaration, and the format's commands
//! and receipts in toasts; every refusal (the game's, a bid's, a
//! package's) is in [`refusals`].

use minuta_shared::play::neptune::rules::{Bid, Contest};
use minuta_shared::play::neptune::{NeptuneCommand, NeptuneReceipt, Stage};

use crate::i18n::{Lang, ru_plural, texts};

mod refusals;

pub use refusals::{bid_refusal, package_error, play_error, va_bank_not_larger};

texts! {
    /// A Нептун static text, rendered by [`Lang::t`].
    Nt;
    // the contests (0.1), as the hall calls them
    Negative => "Негатив", "Negative";
    Sandwich => "Сэндвич", "Sandwich";
    Blitz => "Блицкриг", "Blitzkrieg";
    Sisyphus => "Сизиф", "Sisyphus";
    Joker => "Джокер", "Joker";
    Auction => "Аукцион", "Auction";
    // the host: the set-up
    SetupTitle => "Подготовка: пакет, время, команды", "Set-up: package, timing, teams";
    SetupFixed => "Пакет, настройки и состав закреплены: игра началась.", "The package, the settings and the teams are fixed: the game has begun.";
    PackageTitle => "Пакет вопросов", "Question package";
    PackageHint => "JSON-пакет Нептуна (.json): вопросы шести конкурсов, лист Негатива из 24 фраз и темы Джокера. Без пакета ведущий читает с листа, а у команд нет листа Негатива.", "A Neptune JSON package (.json): the six contests' questions, the Negative sheet of 24 phrases and the Joker topics. Without one the host reads from paper and the teams get no Negative sheet.";
    NoPackage => "Пакет не загружен: вопросы читаются с листа.", "No package loaded: the questions are read from paper.";
    SettingsTitle => "Время и число вопросов", "Timing and question counts";
    MinuteTime => "Минута обсуждения", "Discussion minute";
    GraceTime => "Приём карточек после сигнала", "Cards taken after the signal";
    BlitzStepTime => "Вопрос Блицкрига (3.2)", "A Blitzkrieg question (3.2)";
    JokerTopicsTime => "Обсуждение тем Джокера (5.2)", "The Joker topics (5.2)";
    CountStepTime => "Шаг счёта «раз, два, три» (6.3)", "A step of the count «one, two, three» (6.3)";
    SizesHint => "Вопросов в конкурсе (в Блицкриге — блоков): по правилам 12, 6, 3, 6, 7, 8; меньше — для короткой игры.", "Questions per contest (Blitzkrieg: blocks): by the rules 12, 6, 3, 6, 7, 8; fewer for a short game.";
    RegisterTitle => "Команды Нептуна", "The Neptune teams";
    RegisterHint => "Отметьте команды из регистрации: в каждой от 4 до 6 игроков (0.2). Состав можно обновить до начала первого конкурса.", "Tick teams from the registry: each has 4 to 6 players (0.2). The list may change until the first contest starts.";
    Register => "Зарегистрировать", "Register";
    NoRegistry => "В регистрации пока нет команд.", "No teams are registered for the event yet.";
    // the host: what is on now
    NowTitle => "Сейчас", "Now";
    RestartNotice => "Сервер перезапускался во время торгов: ставка сохранена, счёт «раз, два, три» начат заново.", "The server restarted during the bidding: the standing bid holds and the count «one, two, three» started afresh.";
    SetUpFirst => "Загрузите пакет, проверьте время и зарегистрируйте команды (подготовка выше).", "Load the package, check the timing and register the teams (the set-up above).";
    NextQuestion => "Следующий вопрос", "Next question";
    QuestionNow => "Вопрос", "Question";
    Answer => "Ответ", "Answer";
    Comment => "Комментарий", "Comment";
    Flip => "Перевёртыш — не оглашать (1.4)", "The flip — never read out (1.4)";
    SuggestedRating => "Рейтинг по пакету", "Rating in the package";
    FromPaper => "Вопрос читается с листа: в пакете его нет.", "The question is read from paper: it is not in the package.";
    Rating => "Рейтинг", "Rating";
    RatingHint => "Негатив: рейтинг объявляется до вопроса (1.3).", "Negative: the rating is announced before the question (1.3).";
    StartMinute => "Старт минуты", "Start the minute";
    ShowAnswer => "Показать ответ", "Show the answer";
    CloseJoker => "Закрыть вопрос (ответы Джокера — после тура)", "Close the question (the Joker's answers come after the tour)";
    JudgeFirst => "Сначала оцените все карточки (0.4).", "Judge every card first (0.4).";
    CardsRunning => "Идёт время на ответы…", "The time for answers runs…";
    TopicsRunning => "Команды обсуждают темы и сдают заявки…", "The teams discuss the topics and hand in declarations…";
    Three => "«Три!» — закрыть торги", "«Three!» — close the bidding";
    GameOver => "Игра окончена", "The game is over";
    // the host: judging
    JudgingTitle => "Проверка ответов", "Judging";
    Right => "Верно", "Right";
    Wrong => "Неверно", "Wrong";
    NoCards => "Карточек пока нет.", "No cards yet.";
    LateCards => "Опоздавшие карточки (не засчитываются)", "Late cards (never scored)";
    NoCardFrom => "Нет карточки", "No card from";
    // the host: the teams
    TeamsTitle => "Команды и ломтики", "Teams and slices";
    ColTeam => "Команда", "Team";
    ColPlayers => "Игроки", "Players";
    ColTop => "Верх", "Top";
    ColBottom => "Низ", "Bottom";
    ColDeclared => "Заявка", "Declared";
    SplitChosen => "разбивка капитана", "the captain's split";
    SplitDefault => "по умолчанию", "the default";
    EditSplit => "Разбить за команду", "Split for the team";
    SliceCodes => "Коды ломтиков", "The slices' join codes";
    SliceCodesHint => "Каждый ломтик отвечает в Сэндвиче со своего терминала (2.3): дайте ему его код.", "In Sandwich each slice answers from its own terminal (2.3): give it its code.";
    NoSliceCode => "код недоступен", "no code available";
    // the host: the auction desk
    Scores => "Счёт", "Scores";
    MayBid => "ставит", "may bid";
    MayNotBid => "не ставит", "may not bid";
    ExcludedMark => "выбыла", "excluded";
    NoBidsYet => "Ставок пока нет: первая — не меньше 40 (6.4).", "No bids yet: the first is at least 40 (6.4).";
    BidLog => "Ставки по порядку", "The bids in order";
    ByHost => "ведущий", "by the host";
    Excluded => "Выбыли из торгов по этому вопросу (6.2)", "Out of this question's bidding (6.2)";
    NobodyBid => "Ставок не было: все играют на 30.", "Nobody bid: everyone plays for 30.";
    Stakes => "На кону", "At stake";
    ManualBid => "Ставка вручную", "A bid by hand";
    ManualHint => "Если у капитана отказал компьютер: ведущий ставит за команду.", "If a captain's laptop fails, the host bids for the team.";
    ChooseTeam => "выберите команду", "choose a team";
    Amount => "Сумма", "Amount";
    PlaceBid => "Поставить", "Bid";
    VaBank => "Ва-банк", "Va-bank";
    // the team
    NotPlaying => "Ваша команда не играет в этом Нептуне.", "Your team is not playing this Neptune.";
    WaitQuestion => "Ждём, когда Нептун объявит вопрос.", "Waiting for Neptune to announce a question.";
    SheetTitle => "Лист Негатива", "The Negative sheet";
    SheetHint => "Отмечайте перевёртыши — отметки видит только ваша команда (1.2).", "Mark the flips — only your team sees the marks (1.2).";
    CardTitle => "Карточка", "Card";
    HandIn => "Сдать карточку", "Hand in the card";
    CardFinal => "Карточка окончательна, как на бумаге. Сдать?", "The card is final, as on paper. Hand it in?";
    CardLocked => "Карточка сдана и больше не меняется.", "The card is handed in and cannot change.";
    CardAccepted => "карточка принята", "card accepted";
    CardLate => "опоздание — не засчитано", "late — not counted";
    VerdictPending => "ждём ответа Нептуна", "awaiting the answer";
    VerdictRight => "верно", "right";
    VerdictWrong => "неверно", "wrong";
    VerdictsLater => "итоги — после тура (5.5)", "results after the tour (5.5)";
    LateWarning => "Время вышло: карточка будет опозданием и не будет засчитана.", "Time is over: the card will be late and not counted.";
    SplitTitle => "Разбивка на ломтики (2.2)", "The split into slices (2.2)";
    SplitHint => "Нажмите на игрока, чтобы перевести его в другой ломтик. В каждом ломтике — хотя бы один игрок.", "Click a player to move them to the other slice. Each slice has at least one player.";
    SplitEmpty => "В каждом ломтике должен быть хотя бы один игрок.", "Each slice needs at least one player.";
    SendSplit => "Отправить разбивку", "Send the split";
    SplitSentByCaptain => "Разбивка отправлена; её можно менять до начала Сэндвича.", "The split is sent; it may change until Sandwich starts.";
    SplitIsDefault => "Пока действует разбивка по умолчанию: первая половина состава — «верх».", "The default split holds for now: the first half of the team is «top».";
    SlicesAnswer => "Ломтики отвечают со своих терминалов.", "The slices answer from their own terminals.";
    SliceOnlySandwich => "Ломтик отвечает только в Сэндвиче.", "A slice answers only in Sandwich.";
    TopicsTitle => "Темы Джокера", "The Joker topics";
    DeclareHow => "Сколько вопросов тура команда обязуется взять? (5.2)", "How many of the tour's questions does the team undertake to take? (5.2)";
    Declare => "Сдать заявку", "Hand in the declaration";
    NoDeclaration => "Заявки нет: считается как 0.", "No declaration: it counts as 0.";
    OwnJoker => "Наши ответы в Джокере", "Our Joker answers";
    OurScore => "Наш счёт", "Our score";
    StandingBid => "Ставка", "Standing bid";
    YouLead => "Ваша ставка — высшая.", "Yours is the highest bid.";
    BiddingClosed => "Торги закрыты.", "The bidding is closed.";
    CannotBid => "Ваша команда в этих торгах не ставит.", "Your team does not bid in this bidding.";
    VaBankOnly => "После ва-банка — только ва-банк, и больше него (6.2, 6.4).", "After va-bank only a larger va-bank (6.2, 6.4).";
    // the tables
    TableTitle => "Общий зачёт", "Overall standings";
    ColPlace => "Место", "Place";
    ColTotal => "Сумма", "Total";
    NotBegun => "—", "—";
    // the projector
    RightAnswers => "Верно ответили", "Right answers";
    NobodyRight => "Никто не ответил верно", "Nobody answered right";
    JokerResults => "Итоги Джокера", "The Joker's results";
    ColTaken => "Взято", "Taken";
    ColPoints => "Очки", "Points";
    // the jury
    NoAppeals => "В Нептуне апелляций нет (0.3): правильность ответов определяет Нептун (0.4).", "Neptune has no appeals (0.3): Neptune, the host, decides the answers (0.4).";
}

/// A contest's name.
pub fn contest(lang: Lang, contest: Contest) -> &'static str {
    lang.t(match contest {
        Contest::Negative => Nt::Negative,
        Contest::Sandwich => Nt::Sandwich,
        Contest::Blitz => Nt::Blitz,
        Contest::Sisyphus => Nt::Sisyphus,
        Contest::Joker => Nt::Joker,
        Contest::Auction => Nt::Auction,
    })
}

/// A contest named by its key, as the engine's refusals name it.
pub(super) fn contest_by_key(lang: Lang, key: &str) -> String {
    Contest::ALL
        .iter()
        .find(|c| c.key() == key)
        .map_or_else(|| key.to_owned(), |c| contest(lang, *c).to_owned())
}

pub(super) fn quoted(name: &str) -> String {
    format!("«{name}»")
}

/// «Негатив · вопрос 3 из 12», «Блицкриг · блок 2 из 3» (`index` from 0).
pub fn question_line(lang: Lang, c: Contest, index: u32, of: u32) -> String {
    let n = index + 1;
    let name = contest(lang, c);
    match (c, lang) {
        (Contest::Blitz, Lang::Ru) => format!("{name} · блок {n} из {of}"),
        (Contest::Blitz, Lang::En) => format!("{name} · block {n} of {of}"),
        (_, Lang::Ru) => format!("{name} · вопрос {n} из {of}"),
        (_, Lang::En) => format!("{name} · question {n} of {of}"),
    }
}

/// What is on now, in words.
pub fn stage(lang: Lang, stage: &Stage, contest: Option<Contest>) -> String {
    let blitz = contest == Some(Contest::Blitz);
    let (ru, en): (String, String) = match stage {
        Stage::SettingUp => ("Подготовка".into(), "Set-up".into()),
        Stage::Between { next } => {
            let next = self::contest(lang, *next);
            (
                format!("Перерыв: следующий конкурс — «{next}»"),
                format!("A break: the next contest is «{next}»"),
            )
        }
        Stage::ContestOpen if contest == Some(Contest::Sandwich) => (
            "Ломтики рассаживаются по половинам зала (2.2)".into(),
            "The slices take their halves of the hall (2.2)".into(),
        ),
        Stage::ContestOpen => ("Конкурс начат".into(), "The contest has begun".into()),
        Stage::Topics { .. } => (
            "Темы Джокера объявлены: обсуждение и заявки (5.2)".into(),
            "The Joker topics are up: discussion and declarations (5.2)".into(),
        ),
        Stage::Announced => (
            "Вопрос читается".into(),
            "The question is being read".into(),
        ),
        Stage::Minute { step, .. } if blitz => (
            format!("Вопрос {step} из 4: обсуждение"),
            format!("Question {step} of 4: discussion"),
        ),
        Stage::Minute { .. } => ("Минута обсуждения".into(), "The minute runs".into()),
        Stage::BetweenSteps { step } => (
            format!("Прочитано вопросов блока: {step} из 4"),
            format!("Questions of the block read: {step} of 4"),
        ),
        Stage::Judging => ("Проверка ответов".into(), "Judging".into()),
        Stage::Revealed if contest == Some(Contest::Joker) => (
            "Вопрос закрыт: ответы — после тура (5.5)".into(),
            "The question is closed: answers after the tour (5.5)".into(),
        ),
        Stage::Revealed => ("Ответ объявлен".into(), "The answer is out".into()),
        Stage::Bidding => ("Торги (6.2–6.4)".into(), "The bidding (6.2–6.4)".into()),
        Stage::Sold => (
            "Торги окончены: вопрос".into(),
            "The bidding is over: the question".into(),
        ),
        Stage::Finished => ("Игра окончена".into(), "The game is over".into()),
    };
    lang.pick(ru, en)
}

/// The big button: «Начать конкурс «Сэндвич»».
pub fn start_contest(lang: Lang, c: Contest) -> String {
    let name = contest(lang, c);
    lang.pick(
        format!("Начать конкурс «{name}»"),
        format!("Start the contest «{name}»"),
    )
}

/// The big button: «Объявить вопрос 3», «Объявить блок 2».
pub fn announce(lang: Lang, c: Contest, number: u32) -> String {
    match (c, lang) {
        (Contest::Blitz, Lang::Ru) => format!("Объявить блок {number}"),
        (Contest::Blitz, Lang::En) => format!("Announce block {number}"),
        (_, Lang::Ru) => format!("Объявить вопрос {number}"),
        (_, Lang::En) => format!("Announce question {number}"),
    }
}

/// The big button in Блицкриг: «Вопрос 2 из 4: 20 секунд».
pub fn blitz_step(lang: Lang, step: u8, seconds: u64) -> String {
    lang.pick(
        format!("Вопрос {step} из 4: {seconds} секунд"),
        format!("Question {step} of 4: {seconds} seconds"),
    )
}

/// The big button: «Открыть торги: вопрос 3 из 8».
pub fn open_bidding(lang: Lang, number: u32, of: u32) -> String {
    lang.pick(
        format!("Открыть торги: вопрос {number} из {of}"),
        format!("Open the bidding: question {number} of {of}"),
    )
}

/// 6.3: the count as said aloud; 0 is the time before «раз».
pub fn count_word(lang: Lang, count: u8) -> &'static str {
    match (count, lang) {
        (0, _) => "…",
        (1, Lang::Ru) => "раз",
        (2, Lang::Ru) => "два",
        (_, Lang::Ru) => "три",
        (1, Lang::En) => "one",
        (2, Lang::En) => "two",
        (_, Lang::En) => "three",
    }
}

/// A bid as the hall hears it: «120», «ва-банк (340)».
pub fn bid(lang: Lang, bid: Bid, worth: i64) -> String {
    match bid {
        Bid::Amount(n) => n.to_string(),
        Bid::VaBank => lang.pick(format!("ва-банк ({worth})"), format!("va-bank ({worth})")),
    }
}

/// «120 — «Знатоки»» (the same in both languages).
pub fn standing(name: &str, text: &str) -> String {
    format!("{text} — {}", quoted(name))
}

/// How the bidding ended: «Торги выиграли «Знатоки»: ставка 120».
pub fn sold(lang: Lang, name: &str, bid_text: &str) -> String {
    lang.pick(
        format!("Торги выиграли {}: ставка {bid_text}", quoted(name)),
        format!("{} won the bidding: {bid_text}", quoted(name)),
    )
}

/// 6.4: who may not open «ва-банк» now.
pub fn previous_va_bank(lang: Lang, name: &str) -> String {
    lang.pick(
        format!(
            "{} начинали ва-банк на прошлом вопросе: сейчас начать его не могут (6.4)",
            quoted(name)
        ),
        format!(
            "{} initiated va-bank on the previous question: they may not initiate it now (6.4)",
            quoted(name)
        ),
    )
}

/// The captain's quick raise: «+10 (130)».
pub fn raise(by: u32, to: u32) -> String {
    format!("+{by} ({to})")
}

/// The captain's «ва-банк» button with what it offers: «Ва-банк (80)».
pub fn va_bank_button(lang: Lang, score: i64) -> String {
    lang.pick(format!("Ва-банк ({score})"), format!("Va-bank ({score})"))
}

/// 6.2: a bid over the team's own score, asked about before it goes.
pub fn over_score(lang: Lang, score: i64, amount: u32) -> String {
    lang.pick(
        format!("у команды {score}: ставка {amount} исключит её из торгов (6.2) — поставить?"),
        format!(
            "the team has {score}: a bid of {amount} would exclude it from the bidding (6.2) — bid anyway?"
        ),
    )
}

/// «Да, поставить 500».
pub fn bid_anyway(lang: Lang, amount: u32) -> String {
    lang.pick(
        format!("Да, поставить {amount}"),
        format!("Yes, bid {amount}"),
    )
}

/// «Ставка принята: № 3 по порядку».
pub fn bid_accepted(lang: Lang, place: u32) -> String {
    lang.pick(
        format!("Ставка принята: № {place} по порядку"),
        format!("Bid accepted: no. {place} in order"),
    )
}

/// What the team plays the auction question for (6.6).
pub fn stake(lang: Lang, stake: i64) -> String {
    lang.pick(
        format!("На кону {stake}: верно +{stake}, неверно или без ответа -{stake} (6.6–6.7)"),
        format!("At stake {stake}: right +{stake}, wrong or no answer -{stake} (6.6–6.7)"),
    )
}

/// «Карточек: 7 из 12».
pub fn cards_in(lang: Lang, got: usize, of: usize) -> String {
    lang.pick(
        format!("Карточек: {got} из {of}"),
        format!("Cards: {got} of {of}"),
    )
}

/// «Заявки: 5 из 8».
pub fn declared(lang: Lang, got: u32, of: usize) -> String {
    lang.pick(
        format!("Заявки: {got} из {of}"),
        format!("Declarations: {got} of {of}"),
    )
}

/// «Ответ 2» (Блицкриг, `part` from 0).
pub fn part(lang: Lang, part: u8) -> String {
    let n = u32::from(part) + 1;
    lang.pick(format!("Ответ {n}"), format!("Answer {n}"))
}

/// A group of identical answers: «×3».
pub fn times(count: usize) -> String {
    format!("×{count}")
}

/// «5 игроков» — the team's size beside its tick (0.2).
pub fn players(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En => format!("{n} {}", if n == 1 { "player" } else { "players" }),
        Lang::Ru => {
            format!("{n} {}", ru_plural(n as u64, "игрок", "игрока", "игроков"))
        }
    }
}

/// «Зарегистрировать (4)».
pub fn register(lang: Lang, n: usize) -> String {
    format!("{} ({n})", lang.t(Nt::Register))
}

/// 4.3: «Серия: 2 — следующий верный ответ принесёт 30».
pub fn run(lang: Lang, run: u32, next_worth: i64) -> String {
    lang.pick(
        format!("Серия верных ответов: {run} — следующий верный принесёт {next_worth}"),
        format!("Right answers in a row: {run} — the next right one brings {next_worth}"),
    )
}

/// «Ваша заявка: 4».
pub fn own_declaration(lang: Lang, count: u32) -> String {
    lang.pick(
        format!("Ваша заявка: {count}"),
        format!("Your declaration: {count}"),
    )
}

/// «Заявить: 4».
pub fn declare(lang: Lang, count: u32) -> String {
    format!("{}: {count}", lang.t(Nt::Declare))
}

/// The projector's and the host's countdown caption: «до конца: 0:42».
pub fn grace(lang: Lang, left: &str) -> String {
    lang.pick(
        format!("Время! Сдавайте карточки · {left}"),
        format!("Time! Hand in the cards · {left}"),
    )
}

/// A Нептун command's name in a toast.
pub fn command_name(lang: Lang, command: &NeptuneCommand) -> &'static str {
    use NeptuneCommand as C;
    let (ru, en) = match command {
        C::LoadPackage { .. } => ("загрузка пакета Нептуна", "loading the Neptune package"),
        C::SetSettings { .. } => ("настройки Нептуна", "Neptune settings"),
        C::Register { .. } => ("команды Нептуна", "the Neptune teams"),
        C::StartContest => ("начало конкурса", "starting the contest"),
        C::Announce { .. } => ("объявление вопроса", "announcing the question"),
        C::StartMinute => ("старт минуты", "starting the minute"),
        C::Judge { .. } => ("оценка ответов", "judging the answers"),
        C::Reveal => ("ответ", "the answer"),
        C::OpenBidding => ("начало торгов", "opening the bidding"),
        C::CloseBidding => ("конец торгов", "closing the bidding"),
        C::SetSplit { .. } => ("разбивка на ломтики", "the split into slices"),
        C::Bid { .. } => ("ставка", "the bid"),
        C::Declare { .. } => ("заявка Джокера", "the Joker declaration"),
        C::Answer { .. } => ("карточка", "the card"),
        C::MarkPhrase { .. } => ("отметка на листе", "a mark on the sheet"),
    };
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
}

/// What a Нептун receipt says in a toast; `None` where «готово» says it all.
fn receipt_words(lang: Lang, receipt: &NeptuneReceipt) -> Option<String> {
    match receipt {
        NeptuneReceipt::Done => None,
        NeptuneReceipt::PackageLoaded { title, questions } => Some(lang.pick(
            format!("пакет {} загружен: вопросов {questions}", quoted(title)),
            format!("package {} loaded: {questions} questions", quoted(title)),
        )),
        NeptuneReceipt::Card { late, .. } => Some(
            lang.t(if *late {
                Nt::CardLate
            } else {
                Nt::CardAccepted
            })
            .into(),
        ),
        NeptuneReceipt::Bid { place, .. } => Some(bid_accepted(lang, *place)),
    }
}

impl crate::i18n::words::FormatWords for minuta_shared::play::neptune::NeptuneMatch {
    fn name(lang: Lang) -> &'static str {
        match lang {
            Lang::Ru => "Нептун",
            Lang::En => "Neptune",
        }
    }

    fn refusal(lang: Lang, error: &Self::Error) -> String {
        crate::i18n::words::named_refusal::<Self>(lang, refusals::play_error(lang, error))
    }

    fn receipt(lang: Lang, receipt: &Self::Receipt) -> Option<String> {
        receipt_words(lang, receipt)
    }

    fn command_name(lang: Lang, command: &Self::Command) -> String {
        command_name(lang, command).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neptune_every_static_text_exists_in_both_languages() {
        for key in Nt::ALL {
            assert!(!key.text(Lang::Ru).is_empty());
            assert!(!key.text(Lang::En).is_empty());
        }
    }
}
