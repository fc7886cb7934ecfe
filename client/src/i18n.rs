//! Every visible string, in Russian (the default: the game's own language)
//! and English. Static texts are [`T`] keys; texts with values are functions
//! here, so a language switch re-renders everything at once. A format's
//! own words live in its folder (`views/<format>/words.rs`), not here.

use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{Format, GameCommand, GameError, GameReceipt, PlayError};
use minuta_shared::programme::Slot;
use minuta_shared::tournament::prize_tie::PrizeTieRefusal;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};

use crate::state::Notice;
use words::FormatWords;

pub mod codes;
pub mod files;
pub mod io;
pub mod judging;
pub mod lan;
pub mod link;
pub mod programme;
pub mod roster;
pub mod start;
pub mod tie;
pub mod words;

pub use crate::lang::Lang;
pub use link::{connection, join_code_error, link_error, refused, stopped};

/// Rendering in a language lives with the texts, so [`Lang`] itself knows
/// none of them.
impl Lang {
    pub fn t(self, key: impl Key) -> &'static str {
        key.text(self)
    }

    pub fn pick(self, ru: String, en: String) -> String {
        match self {
            Lang::Ru => ru,
            Lang::En => en,
        }
    }
}

/// A static text's key, of whichever table ([`T`], or a format's own such
/// as [`crate::views::erudit::words::Et`]): rendered by [`Lang::t`].
pub trait Key: Copy {
    fn text(self, lang: Lang) -> &'static str;
}

macro_rules! texts {
    ($(#[$doc:meta])* $name:ident; $($key:ident => $ru:literal, $en:literal;)*) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name { $($key),* }

        impl $name {
            /// Every key, for tests that render them all.
            pub const ALL: &[$name] = &[$($name::$key),*];

            pub fn text(self, lang: $crate::i18n::Lang) -> &'static str {
                use $crate::i18n::Lang;
                match (self, lang) {
                    $(($name::$key, Lang::Ru) => $ru, ($name::$key, Lang::En) => $en,)*
                }
            }
        }

        impl $crate::i18n::Key for $name {
            fn text(self, lang: $crate::i18n::Lang) -> &'static str {
                $name::text(self, lang)
            }
        }
    };
}

// A format's own table of texts (`views/erudit/words.rs`) is made by the same macro.
pub(crate) use texts;

texts! {
    /// A static text, rendered by [`Lang::t`].
    T;
    AppTitle => "Минута", "Minuta";
    // join screen
    JoinHeading => "Подключение к игре", "Join a game";
    JoinHint => "Вставьте код подключения, который дал ведущий (minuta://…).", "Paste the join code the host gave you (minuta://…).";
    JoinCodeLabel => "Код подключения", "Join code";
    JoinButton => "Подключиться", "Connect";
    JoinHostHint => "Ведущему: запустите «minuta host» — сервер и пульт в одной программе; «minuta demo» — демонстрационная игра.", "Host: run «minuta host» — server and dashboard in one program; «minuta demo» — a demo game.";
    Language => "Язык", "Language";
    Mute => "Без звука", "Mute";
    Leave => "Отключиться", "Disconnect";
    Retry => "Повторить", "Try again";
    BackToJoin => "Ввести другой код", "Enter another code";
    Close => "Закрыть", "Close";
    Copy => "Копировать", "Copy";
    Qr => "QR", "QR";
    Waiting => "Ждём данные от сервера…", "Waiting for the server…";
    // Нептун 2.2: a ломтик's terminal, under its name
    SliceTop => "верхний ломтик команды (Сэндвич)", "the team's top slice (Sandwich)";
    SliceBottom => "нижний ломтик команды (Сэндвич)", "the team's bottom slice (Sandwich)";
    // connection
    ConnIdle => "не подключено", "not connected";
    ConnConnecting => "подключение…", "connecting…";
    ConnConnected => "на связи", "connected";
    ConnReconnecting => "переподключение…", "reconnecting…";
    ConnSilent => "сервер не отвечает…", "the server does not answer…";
    LinkLost => "нет связи с сервером", "no connection to the server";
    LinkLostHint => "Часы остановлены. Терминал подключится сам, как только сервер ответит.", "The clock is stopped. The terminal reconnects by itself once the server answers.";
    NoAudio => "без звука: нет аудиоустройства", "no sound: no audio device";
    StorageFailing => "Сервер не может записать данные на диск (диск заполнен?): ответы и решения не подтверждаются", "The server cannot write to its disk (is it full?): answers and decisions are not being confirmed";
    StorageFailingHint => "Ничего принятого не потеряно: всё ждёт записи. Освободите место на диске сервера — игра продолжится сама.", "Nothing accepted is lost: it all waits to be written. Free space on the server's disk and the game goes on by itself.";
    // the demo's autopilot host, on every staff screen
    AutopilotRunning => "Автопилот ведёт игру — коснитесь любой кнопки, чтобы взять управление", "The autopilot is running the game — touch any button to take over";
    AutopilotAside => "Игру ведёте вы", "You are running the game";
    CertificateMismatch => "сертификат сервера не совпадает с кодом", "server certificate does not match the join code";
    CertificateMismatchHint => "Это не тот сервер, что выдал код, или его сертификат создан заново. Попросите у ведущего свежий код.", "This is not the server that issued the code, or its certificate was re-created. Ask the host for a fresh code.";
    // clock
    PhaseIdle => "вопрос ещё не объявлен", "no question announced yet";
    PhaseAnnounced => "вопрос читается — ждём «Время»", "question being read — waiting for «Time»";
    PhaseMinute => "минута обсуждения", "the minute runs";
    PhaseLastSeconds => "10 секунд!", "10 seconds!";
    PhaseHandIn => "Время, сдавайте ответы", "Time! Hand in your answers";
    PhaseOver => "время вышло", "time is over";
    Question => "Вопрос", "Question";
    // team terminal
    YourAnswer => "Ваш ответ", "Your answer";
    SubmitAnswer => "Сдать ответ", "Hand in";
    ConfirmFinal => "Ответ окончателен, как на бумаге. Сдать?", "The answer is final, as on paper. Hand it in?";
    ConfirmYes => "Да, сдать", "Yes, hand in";
    Cancel => "Отмена", "Cancel";
    Sending => "отправляем…", "sending…";
    LateReceipt => "опоздание — не засчитано", "late — not counted";
    LateWarning => "Время вышло: ответ будет опозданием и не будет засчитан.", "Time is over: the answer will be late and not counted.";
    CardLocked => "Карточка сдана и больше не меняется.", "The card is handed in and cannot change.";
    NoQuestionYet => "Ждём, когда ведущий объявит вопрос.", "Waiting for the host to announce a question.";
    PastAnswers => "Наши ответы", "Our answers";
    ColNumber => "№", "No.";
    ColAnswer => "Ответ", "Answer";
    ColReceived => "Сдан", "Handed in";
    ColVerdict => "Итог", "Verdict";
    ColAuthorAnswer => "Авторский ответ", "Author's answer";
    VerdictPending => "ждём ответа ведущего", "awaiting the reveal";
    VerdictCorrect => "верно", "correct";
    VerdictWrong => "неверно", "wrong";
    VerdictLate => "опоздание", "late";
    Withdrawn => "вопрос снят", "question withdrawn";
    Appeal => "Апелляция", "Appeal";
    AppealAgainstQuestion => "на снятие вопроса", "to withdraw the question";
    AppealForAnswer => "на зачёт нашего ответа", "to accept our answer";
    AppealText => "Текст апелляции", "Appeal text";
    FileAppeal => "Подать апелляцию", "File the appeal";
    Appeals => "Апелляции", "Appeals";
    AppealOpen => "на рассмотрении", "under review";
    AppealUpheld => "принята", "upheld";
    AppealRejected => "отклонена", "rejected";
    Standings => "Положение команд", "Standings";
    ColPlace => "Место", "Place";
    ColTeam => "Команда", "Team";
    ColTown => "Город", "Town";
    ColPoints => "Взято", "Points";
    ColRating => "Рейтинг", "Rating";
    ColMask => "Маска", "Mask";
    NoStandings => "Пока нет результатов.", "No results yet.";
    // host tabs
    TabAccess => "Подключение", "Access";
    TabTournament => "Турнир", "Tournament";
    TournamentName => "Название турнира", "Tournament name";
    PlayersRange => "Игроков в команде", "Players per team";
    MinuteSeconds => "Минута обсуждения", "The minute";
    WarningSeconds => "Сигнал до конца минуты", "Signal before the end";
    GraceSeconds => "Сдача карточек после сигнала", "Hand-in after the signal";
    SettingsHint => "По правилам: 60 с, сигнал за 10 с до конца, карточки — не позднее 3 с после сигнала.", "By the rules: 60 s, a signal 10 s before the end, cards no later than 3 s after the signal.";
    Save => "Сохранить", "Save";
    TabTeams => "Команды", "Teams";
    TabJudges => "Судьи", "Judges";
    TabQuestions => "Вопросы", "Questions";
    TabGame => "Игра", "Game";
    TabJudging => "Судейство", "Judging";
    TabAppeals => "Апелляции", "Appeals";
    TabStandings => "Итоги", "Standings";
    HostCode => "Код ведущего", "Host code";
    DisplayCode => "Код проектора", "Display code";
    ServerAddresses => "Адреса сервера", "Server addresses";
    Fingerprint => "Отпечаток сертификата", "Certificate fingerprint";
    DisplaysConnected => "Проекторов на связи", "Displays connected";
    AccessHint => "Каждой команде — свой код (вкладка «Команды»). Код можно вставить в «minuta» или отсканировать QR.", "Each team has its own code (the Teams tab). Paste the code into «minuta» or scan the QR.";
    RegisterTeam => "Регистрация команды", "Register a team";
    TeamName => "Название", "Name";
    Town => "Город", "Town";
    PlayersOnePerLine => "Игроки (по одному в строке)", "Players (one per line)";
    Register => "Зарегистрировать", "Register";
    Players => "Игроки", "Players";
    JoinCodeCol => "Код подключения", "Join code";
    NoTeams => "Команд пока нет.", "No teams yet.";
    EditTeam => "Изменить", "Edit";
    RatingId => "ID на сайте рейтинга", "Rating site ID";
    RatingIdHint => "ID на сайте рейтинга — только цифры (или пусто)", "The rating site ID is digits only (or blank)";
    RemoveTeam => "Удалить", "Remove";
    RemoveTeamYes => "Да, удалить", "Yes, remove";
    TeamHasPlayedHint => "Команда уже играла и входит в результаты: удалить её нельзя.", "The team has played and is part of the results: it cannot be removed.";
    Online => "на связи", "online";
    Offline => "не на связи", "offline";
    AddJudge => "Добавить судью", "Add a judge";
    JudgeName => "Имя судьи", "Judge's name";
    NoJudges => "Судей пока нет.", "No judges yet.";
    LoadPackage => "Загрузить пакет вопросов", "Load a question package";
    PackagePath => "Путь к файлу (.4s или .siq SIGame)", "File path (.4s or SIGame .siq)";
    Load => "Загрузить", "Load";
    DropHint => "…или перетащите файл пакета в окно.", "…or drop the package file onto the window.";
    ChooseFile => "Выбрать файл…", "Choose a file…";
    ChooseFileTitle => "Файл пакета (.4s или .siq SIGame)", "The package file (.4s or SIGame .siq)";
    FolderUp => "Вверх", "Up";
    FolderHome => "Домой", "Home";
    FolderReading => "Папка читается…", "Reading the folder…";
    FolderEmpty => "Здесь нет папок и файлов пакетов (.4s, .siq).", "No folders and no package files (.4s, .siq) here.";
    ChooseThisFile => "Выбрать", "Choose";
    TypeQuestion => "Ввести вопрос вручную", "Type in a question";
    Tour => "Тур", "Tour";
    NewTour => "новый тур", "new tour";
    QuestionText => "Текст вопроса", "Question text";
    AuthorAnswer => "Ответ", "Answer";
    Accepted => "Зачёт", "Accepted";
    Rejected => "Незачёт", "Not accepted";
    Comment => "Комментарий", "Comment";
    Source => "Источник", "Source";
    Author => "Автор", "Author";
    AddQuestion => "Добавить вопрос", "Add the question";
    NoQuestions => "Вопросов пока нет: загрузите пакет или введите вопрос.", "No questions yet: load a package or type one in.";
    StatusNotPlayed => "не сыгран", "not played";
    StatusAnnounced => "объявлен", "announced";
    StatusPlayed => "сыгран", "played";
    StatusRevealed => "ответ показан", "answer shown";
    TourClosedMark => "закрыт", "closed";
    CurrentQuestion => "Текущий вопрос", "Current question";
    NoCurrent => "Вопрос не объявлен.", "No question announced.";
    Announce => "Объявить", "Announce";
    AnnounceNext => "Следующий вопрос", "Next question";
    PickQuestion => "Вопрос вне очереди", "Out of order";
    StartMinute => "Время", "Time";
    Reveal => "Показать ответ", "Show the answer";
    ShowQuestionOnProjector => "показать вопрос на экране", "show the question on the projector";
    ShowHandout => "Раздатку на экран", "Handout on the projector";
    HideHandout => "Убрать раздатку с экрана", "Take the handout down";
    Handout => "Раздаточный материал", "Handout";
    ShowPicture => "Картинку на экран", "Picture on the projector";
    HidePicture => "Убрать картинку с экрана", "Take the picture down";
    Picture => "Картинка", "Picture";
    PictureLoading => "Картинка загружается…", "The picture is on its way…";
    CardsIn => "Сдано карточек", "Cards in";
    LateCards => "Опоздавшие карточки (не засчитываются)", "Late cards (never scored)";
    MissingTeams => "Не сдали", "No card";
    RevealNeedsJudging => "Сначала отметьте все ответы во вкладке «Судейство».", "First judge every answer in the Judging tab.";
    JudgingNothing => "Пока нечего судить: сыгранных вопросов открытых туров нет.", "Nothing to judge yet: no played questions in open tours.";
    Correct => "Верно", "Correct";
    Wrong => "Неверно", "Wrong";
    NotJudged => "не отмечено", "not judged";
    Teams => "команд", "teams";
    JudgementLog => "Журнал судейства", "Judgement log";
    By => "кто", "by";
    HostJudged => "ведущий", "the host";
    At => "когда", "when";
    NoAppeals => "Апелляций нет.", "No appeals.";
    Reply => "Ответ на апелляцию", "Reply to the appeal";
    Uphold => "Принять", "Uphold";
    Reject => "Отклонить", "Reject";
    CloseTour => "Закрыть тур", "Close the tour";
    Tours => "Туры", "Tours";
    HostOnlyJudging => "Судейство", "Judging";
    JudgeTerminal => "Судейский терминал", "Judge terminal";
    Display => "Проектор", "Display";
    AppealsOpen => "открытых апелляций", "open appeals";
    FileReadFailed => "не удалось прочитать файл", "could not read the file";
    // Brain-ring: the button
    Press => "Нажать", "Press";
    PressLocked => "Фальстарт: кнопка закрыта", "False start: the button is locked";
    PressHint => "или пробел", "or the space bar";
    WaitingVerdict => "нажато — ждём ответа сервера…", "pressed — waiting for the server…";
    // Brain-ring: the host
    ColGap => "Разрыв", "Gap";
    ColPress => "Нажатие", "Press";
    ColSinceArming => "От «Время»", "Since «Time»";
    ColRtt => "Задержка (RTT)", "Round trip";
    ColClockOffset => "Смещение часов", "Clock offset";
    ColTable => "Стол", "Table";
    ColScore => "Счёт", "Score";
    ColDifference => "Разница", "Difference";
    ColTaken => "Взято", "Taken";
    ColFights => "Боёв", "Fights";
    UnitSeconds => "с", "s";
    UnitMillis => "мс", "ms";
    PressWon => "отвечает", "answers";
    PressLate => "позже", "late";
    PressFalseStart => "фальстарт", "false start";
    PressRepeated => "повторное", "repeated";
    PressLockedOut => "без права ответа", "may not answer";
    PressContested => "спорное", "contested";
    PressIgnored => "вне игры", "out of play";
    // «Мультиигры» and the programme's games (section 6)
    LeadersChart => "Гонка лидеров", "The leaders' race";
    ChartQuestion => "вопрос", "question";
    AddGame => "Добавить игру", "Add a game";
    GameName => "Название игры", "Game name";
    NoGamesOfFormat => "Игр этого формата пока нет: добавьте игру.", "No games of this format yet: add one.";
    JuryTerminal => "Апелляционное жюри", "Appeal jury";
    JuryCode => "Код апелляционного жюри (АЖ)", "Appeal jury (АЖ) code";
    JuryNoGames => "В программе пока нет игр с апелляциями.", "No games with appeals in the programme yet.";
    MgNoTask => "Ждём, когда ведущий объявит задание.", "Waiting for the host to announce a task.";
    MgNotStarted => "Задание ещё не начато", "The task has not started yet";
    MgTextHidden => "Текст откроется по команде ведущего.", "The text opens at the host's command.";
    MgSolving => "идёт решение", "solving";
    MgLastSeconds => "время на исходе!", "time is nearly up!";
    MgAnswerLocked => "Ответ сдан и больше не меняется.", "The answer is handed in and cannot change.";
    MgColTask => "Задание", "Task";
    MgColCredit => "Очки", "Points";
    MgWithdrawn => "задание снято", "task withdrawn";
    MgAppealTaskIncorrect => "на некорректность задания", "the task is incorrect";
    MgAppealHint => "Апелляцию подают до начала следующего тура; решает апелляционное жюри (6.4–6.5).", "Appeal before the next tour starts; the appeal jury decides (6.4–6.5).";
    MgStart => "Старт", "Start";
    MgFinish => "Завершить игру", "Finish the game";
    MgFinishConfirm => "Итоги станут окончательными, апелляций больше не будет. Завершить?", "The results become final and no more appeals are taken. Finish?";
    MgFinished => "Игра завершена: итоги окончательны.", "The game is over: the results are final.";
    MgAddTour => "Добавить тур", "Add a tour";
    MgTourTitle => "Название тура", "Tour title";
    MgToursFull => "Все 6 туров добавлены (6.2).", "All 6 tours are added (6.2).";
    MgNoTours => "Туров пока нет: добавьте первый.", "No tours yet: add the first.";
    MgNewTask => "Новое задание", "New task";
    MgTaskTitle => "Название задания", "Task title";
    MgTaskText => "Текст задания", "Task text";
    MgTaskPoints => "Очки за задание", "Points for the task";
    MgTaskSeconds => "Время на решение, с", "Time to solve, s";
    MgPointsHint => "число больше нуля: 3, 1.5 или 0,25", "a number above zero: 3, 1.5 or 0.25";
    MgSecondsHint => "целое число секунд, от 1 до 3600", "whole seconds, 1 to 3600";
    MgAddTask => "Добавить задание", "Add the task";
    MgStatusWaiting => "не объявлено", "not announced";
    MgStatusAnnounced => "объявлено", "announced";
    MgStatusRunning => "идёт", "running";
    MgCurrentTask => "Текущее задание", "Current task";
    MgNoCurrentTask => "Задание не объявлено.", "No task announced.";
    MgAnnounceNext => "Следующее задание", "Next task";
    MgAnswers => "Ответы", "Answers";
    MgAward => "Начислить", "Award";
    MgNotCredited => "не оценено", "not credited";
    MgLateAnswers => "Опоздавшие ответы (не засчитываются)", "Late answers (never scored)";
    MgRevealNeedsCredit => "Сначала оцените все ответы, сданные вовремя.", "First credit every answer handed in on time.";
    MgAppealsByHost => "Апелляционного жюри нет: по апелляциям решает ведущий (6.5); решение записывается от его имени.", "No appeal jury sits: the host decides the appeals (6.5), on record as the host's.";
    MgDecidedByHost => "Решение ведущего (жюри не было)", "Decided by the host (no jury sitting)";
    MgAppealsByJury => "Решения по апелляциям принимает апелляционное жюри (его код — во вкладке «Подключение»).", "The appeal jury decides appeals (its code is in the Access tab).";
    MgTeamAnswer => "Ответ команды", "The team's answer";
    MgJuryReply => "Ответ АЖ", "The jury's reply";
    MgUphold => "Удовлетворить", "Uphold";
    MgPending => "ждут решения", "awaiting a decision";
    MgByHost => "ведущий", "the host";
    MgByJury => "АЖ", "the jury";
    MgNoCredit => "Незачёт (0)", "No credit (0)";
    // the event's programme and the festival's results (section 2)
    TabProgramme => "Программа", "Programme";
    TabSetup => "Подготовка", "Set-up";
    ProgrammeNow => "Сейчас", "Now";
    ProgrammeNext => "Далее", "Next";
    ProgrammeOver => "Программа пройдена", "The programme is over";
    ProgrammeEmpty => "Программы пока нет: добавьте день, наполните его и сохраните.", "No programme yet: add a day, fill it and save.";
    ProgrammeHint => "Каждый тур Мультиигр — перед очередным туром ЧГК (6.3); брейн-ринг — на день после дня с турами ЧГК (4.3).", "Each Multigames tour comes before a ChGK tour (6.3); Brain-ring goes on a day after one with ChGK tours (4.3).";
    AddDay => "Добавить день", "Add a day";
    DayTitle => "Название дня", "Day title";
    NewDayTitle => "Название нового дня", "The new day's title";
    RemoveDay => "Удалить день", "Remove the day";
    DayEmpty => "В этом дне пока ничего нет.", "Nothing on this day yet.";
    AddHere => "Добавлять сюда", "Add here";
    AllInProgramme => "Всё, что есть, уже в программе.", "Everything there is is in the programme.";
    MoveUp => "Выше", "Up";
    MoveDown => "Ниже", "Down";
    RemoveSlot => "Убрать из программы", "Remove from the programme";
    SaveProgramme => "Сохранить программу", "Save the programme";
    DiscardChanges => "Отменить изменения", "Discard the changes";
    ProgrammeUnsaved => "Изменения не сохранены.", "The changes are not saved.";
    SlotDone => "сыграно", "done";
    SlotNow => "сейчас", "now";
    SlotNext => "далее", "next";
    FestivalResults => "Итоги фестиваля", "Festival results";
    ColPrize => "Приз", "Prize";
    FindTeam => "Найти команду", "Find a team";
    NoTeamFound => "Нет такой команды", "No such team";
    NarrowSearch => "уточните поиск", "narrow the search";
    NoFestival => "Итогов фестиваля пока нет: они появятся, когда начнутся турниры.", "No festival results yet: they appear once the tournaments begin.";
}

/// A refusal by the game's rules, in the person's language.
pub fn command_error(lang: Lang, error: &CommandError) -> String {
    use CommandError as E;
    if let E::Play(error) = error {
        return play_error(lang, error);
    }
    if let E::Programme(error) = error {
        return programme::error(lang, error, &|_| None);
    }
    if let E::Import(problems) = error {
        return roster::refused(lang, problems);
    }
    if lang == Lang::En {
        return error.to_string();
    }
    match error {
        E::NoSuchTeam => "нет такой команды".into(),
        E::PlayerCount { min, max, got } => {
            format!("в команде должно быть от {min} до {max} игроков, а указано {got}")
        }
        E::DuplicateTeam(name) => format!("команда «{name}» уже зарегистрирована"),
        E::EmptyName => "название не может быть пустым".into(),
        E::TooLong { got, max } => {
            format!("слишком длинный текст ({got} знаков, можно не больше {max})")
        }
        E::Settings(why) => format!("неверные настройки: {why}"),
        E::Storage(why) => format!("сервер не смог сохранить действие: {why}"),
        E::NothingToPress => "сейчас нет вопроса, на который ваша команда может нажать".into(),
        E::Qualification(why) => format!("отбор невозможен: {why}"),
        E::TieAtTheCut { teams, places } => tie::at_the_cut(lang, teams, *places),
        E::Forbidden => "вашей роли это не разрешено".into(),
        E::NoSuchGame => "в программе нет такой игры".into(),
        E::Play(error) => play_error(lang, error),
        E::Programme(error) => programme::error(lang, error, &|_| None),
        E::TeamHasPlayed => "команда уже играла и входит в результаты: удалить её нельзя".into(),
        E::Import(problems) => roster::refused(lang, problems),
        E::PrizeTie(why) => prize_refusal(why),
    }
}

/// 2.2: a refused step on a prize tie, in Russian.
fn prize_refusal(why: &PrizeTieRefusal) -> String {
    match why {
        PrizeTieRefusal::GameNotOver => "игра ещё идёт: места пока не окончательные".into(),
        PrizeTieRefusal::NoTie { place } => {
            format!("в таблице нет ничьей за призовое место {place}")
        }
        PrizeTieRefusal::NotTied { team } => {
            format!("«{team}» не среди команд, которые ещё разыгрывают место")
        }
        PrizeTieRefusal::Settled => "эта ничья уже разрешена".into(),
    }
}

/// The registry's dispatch to each format's [`FormatWords`].
macro_rules! words {
    ($($variant:ident => $game:ty),* $(,)?) => {
        /// A refusal by a game of the programme, in the person's language.
        pub fn play_error(lang: Lang, error: &PlayError) -> String {
            match error {
                PlayError::WrongFormat => lang.pick(
                    "эта команда — для игры другого формата".into(),
                    "this command is for a game of another format".into(),
                ),
                $(PlayError::Game(GameError::$variant(e)) => <$game as FormatWords>::refusal(lang, e),)*
            }
        }

        /// A slot of the programme that is an event's own game's, named by
        /// its format ([`FormatWords::slot_name`]).
        pub fn own_slot_name(lang: Lang, slot: &Slot, title: &str) -> Option<String> {
            None$(.or_else(|| <$game as FormatWords>::slot_name(lang, slot, title)))*
        }

        /// A festival table's tournament named by its format, if it names
        /// it ([`FormatWords::festival_name`]).
        pub fn festival_name(lang: Lang, format: Format, name: &str, tournament: &str) -> Option<String> {
            match format {
                $(Format::$variant => <$game as FormatWords>::festival_name(lang, name, tournament),)*
            }
        }

        /// A live format's name, as the programme lists it.
        pub fn format_name(lang: Lang, format: Format) -> &'static str {
            match format {
                $(Format::$variant => <$game as FormatWords>::name(lang),)*
            }
        }

        /// The host's tab for the games of `format` added to the programme.
        pub fn added_format_name(lang: Lang, format: Format) -> &'static str {
            match format {
                $(Format::$variant => <$game as FormatWords>::added_name(lang),)*
            }
        }

        /// A game's receipt in its format's words; `None` where a plain
        /// «done» says it all.
        fn game_receipt(lang: Lang, receipt: &GameReceipt) -> Option<String> {
            match receipt {
                $(GameReceipt::$variant(r) => <$game as FormatWords>::receipt(lang, r),)*
            }
        }

        fn game_command_name(lang: Lang, command: &GameCommand) -> String {
            match command {
                $(GameCommand::$variant(c) => <$game as FormatWords>::command_name(lang, c),)*
            }
        }
    };
}

minuta_shared::live_formats!(words);

/// A toast's text.
pub fn notice(lang: Lang, notice: &Notice) -> String {
    match notice {
        Notice::Done { receipt, command } => done(lang, receipt, command),
        Notice::Failed { command, error } => format!(
            "{}: {}",
            command_name(lang, command),
            command_error(lang, error)
        ),
        Notice::FileFailed { command, error } => format!(
            "{}: {}",
            command_name(lang, command),
            io::file_error(lang, error)
        ),
        Notice::Lost(command) => lang.pick(
            format!(
                "{}: связь прервалась до подтверждения — проверьте, прошло ли действие",
                command_name(lang, command)
            ),
            format!(
                "{}: the link dropped before the confirmation — check whether it took effect",
                command_name(lang, command)
            ),
        ),
        Notice::SendingStopped(command) => lang.pick(
            format!(
                "{}: отправка отменена — сервер ничего не получил",
                command_name(lang, command)
            ),
            format!(
                "{}: sending stopped; the server took none of it",
                command_name(lang, command)
            ),
        ),
        Notice::FileSaved(path) => files::saved(lang, path),
        Notice::FileNotSaved(error) => files::not_saved(lang, error),
        Notice::FileDownloaded(name) => files::downloaded(lang, name),
        Notice::FileRefused { file, why } => files::refused(lang, file, why),
        Notice::FileInterrupted(file) => files::interrupted(lang, file),
    }
}

fn done(lang: Lang, receipt: &Receipt, command: &Command) -> String {
    match receipt {
        Receipt::TeamRegistered { team } => lang.pick(
            format!("команда зарегистрирована (№ {team})"),
            format!("team registered (no. {team})"),
        ),
        Receipt::JudgeAdded { judge } => lang.pick(
            format!("судья добавлен (№ {judge})"),
            format!("judge added (no. {judge})"),
        ),
        Receipt::GameAdded { game } => lang.pick(
            format!("игра добавлена в программу (№ {game})"),
            format!("game added to the programme (no. {game})"),
        ),
        Receipt::Game { receipt, .. } => {
            game_receipt(lang, receipt).unwrap_or_else(|| done_generic(lang, command))
        }
        _ if matches!(command, Command::SetProgramme { .. }) => {
            lang.pick("программа сохранена".into(), "programme saved".into())
        }
        _ => done_generic(lang, command),
    }
}

fn done_generic(lang: Lang, command: &Command) -> String {
    lang.pick(
        format!("{}: готово", command_name(lang, command)),
        format!("{}: done", command_name(lang, command)),
    )
}

/// «принято 00:58.731» or «опоздание — не засчитано».
pub fn card_receipt(lang: Lang, since_start_ms: u64, late: bool) -> String {
    if late {
        return lang.t(T::LateReceipt).into();
    }
    let at = minuta_shared::time::stopwatch(std::time::Duration::from_millis(since_start_ms));
    lang.pick(format!("принято {at}"), format!("accepted {at}"))
}

pub fn command_name(lang: Lang, command: &Command) -> String {
    use Command as C;
    let (ru, en) = match command {
        C::SetUpTournament { .. } => ("настройка турнира", "tournament setup"),
        C::RegisterTeam { .. } => ("регистрация команды", "team registration"),
        C::EditTeam { .. } => ("изменение команды", "team edit"),
        C::RemoveTeam { .. } => ("удаление команды", "team removal"),
        C::ImportTeams { .. } => ("импорт команд", "team import"),
        C::AddJudge { .. } => ("новый судья", "new judge"),
        // Brain-ring and Эрудит-квартет both take teams from the ChGK table.
        C::Qualify { .. } => ("отбор по итогам ЧГК", "qualification from the ChGK table"),
        C::SettleCut { .. } => ("ничья на границе отбора", "the tie at the cut"),
        C::Press { .. } => ("кнопка", "the button"),
        C::AddGame { .. } => ("новая игра", "new game"),
        C::SetProgramme { .. } => ("сохранение программы", "saving the programme"),
        C::TakeBackAppeals => ("апелляции — ведущему", "appeals back to the host"),
        C::SettlePrizeTie { .. } => ("ничья за призовое место", "the tie for a prize place"),
        C::Game { command, .. } => return game_command_name(lang, command),
    };
    match lang {
        Lang::Ru => ru.into(),
        Lang::En => en.into(),
    }
}

pub fn phase(lang: Lang, phase: Phase) -> &'static str {
    lang.t(match phase {
        Phase::Idle => T::PhaseIdle,
        Phase::Announced => T::PhaseAnnounced,
        Phase::Minute => T::PhaseMinute,
        Phase::LastSeconds => T::PhaseLastSeconds,
        Phase::HandIn => T::PhaseHandIn,
        Phase::Over => T::PhaseOver,
    })
}

/// «Вопрос 12».
/// While a person runs the demo: the whole seconds until the autopilot
/// takes over again.
pub fn autopilot_back(lang: Lang, seconds: u64) -> String {
    lang.pick(
        format!("автопилот вернётся через {seconds} с"),
        format!("the autopilot takes over again in {seconds} s"),
    )
}

pub fn question_number(lang: Lang, number: &str) -> String {
    format!("{} {number}", lang.t(T::Question))
}

/// «Удалить команду «Знатоки»? Её код перестанет действовать.»
pub fn confirm_remove_team(lang: Lang, name: &str) -> String {
    lang.pick(
        format!("Удалить команду «{name}»? Её код перестанет действовать."),
        format!("Remove the team «{name}»? Its code will stop working."),
    )
}

/// «Сдано карточек: 7 из 12».
pub fn cards_in(lang: Lang, cards: u32, teams: u32) -> String {
    lang.pick(
        format!("Сдано карточек: {cards} из {teams}"),
        format!("Cards in: {cards} of {teams}"),
    )
}

/// «тур закрыт», «3 команды» and other counted phrases.
/// The end of a list cut short: «и ещё 5 команд», "and 5 more teams".
pub fn more_teams(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En => format!("and {n} more"),
        Lang::Ru => format!("и ещё {}", team_count(lang, n)),
    }
}

pub fn team_count(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En => format!("{n} {}", if n == 1 { "team" } else { "teams" }),
        Lang::Ru => format!(
            "{n} {}",
            ru_plural(n as u64, "команда", "команды", "команд")
        ),
    }
}

/// The Russian plural rule, the one place it is written: the form after
/// `n` — «1 команда», «3 команды», «5 команд»; 11–14 take the third, 21
/// the first, 22 the second. A genitive («до 21 дня», «до 5 дней») passes
/// its plural as both `few` and `many`.
pub fn ru_plural<'a>(n: u64, one: &'a str, few: &'a str, many: &'a str) -> &'a str {
    match (n % 10, n % 100) {
        (1, r) if r != 11 => one,
        (2..=4, r) if !(12..=14).contains(&r) => few,
        _ => many,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    #[test]
    fn the_russian_plural_takes_the_last_digits_and_eleven_to_fourteen_apart() {
        let form = |n| super::ru_plural(n, "команда", "команды", "команд");
        for (n, want) in [
            (0, "команд"),
            (1, "команда"),
            (2, "команды"),
            (4, "команды"),
            (5, "команд"),
            (11, "команд"),
            (12, "команд"),
            (14, "команд"),
            (21, "команда"),
            (22, "команды"),
            (25, "команд"),
            (101, "команда"),
            (111, "команд"),
            (112, "команд"),
            (122, "команды"),
        ] {
            assert_eq!(form(n), want, "{n}");
        }
    }

    use super::*;

    #[test]
    fn russian_counts_agree_with_the_number() {
        let got: Vec<String> = [1, 2, 5, 11, 21, 22, 112]
            .iter()
            .map(|n| team_count(Lang::Ru, *n))
            .collect();
        assert_eq!(
            got,
            [
                "1 команда",
                "2 команды",
                "5 команд",
                "11 команд",
                "21 команда",
                "22 команды",
                "112 команд"
            ]
        );
    }

    #[test]
    fn a_card_receipt_reads_like_a_stopwatch() {
        assert_eq!(card_receipt(Lang::Ru, 58_731, false), "принято 00:58.731");
        assert_eq!(
            card_receipt(Lang::Ru, 63_001, true),
            "опоздание — не засчитано"
        );
        assert_eq!(card_receipt(Lang::En, 58_731, false), "accepted 00:58.731");
    }

    #[test]
    fn every_text_exists_in_both_languages() {
        for key in [
            T::SubmitAnswer,
            T::ConfirmFinal,
            T::CertificateMismatch,
            T::ConnReconnecting,
        ] {
            assert!(!key.text(Lang::Ru).is_empty());
            assert!(!key.text(Lang::En).is_empty());
            assert_ne!(key.text(Lang::Ru), key.text(Lang::En));
        }
    }
}
