//! «Эрудит-квартет» texts: the format's static texts ([`Et`], a table of
//! their own so the main one stays readable), and texts with values — the
//! stages and groups, tours and rounds, a question's state as the host,
//! a team and the hall see it, the press log's times, the button's
//! verdicts, and the format's commands, receipts and refusals in toasts.

use minuta_shared::play::erudit::rules::TourKind;
use minuta_shared::play::erudit::{
    EruditCommand, EruditPlayError, EruditReceipt, GameStep, LineupFault, TieStake,
};

use crate::i18n::{Lang, texts};
use crate::state::PressOutcome;
use crate::views::brain_ring::words::Rt;
use minuta_shared::play::button::PressKind;

texts! {
    /// An Эрудит-квартет static text, rendered by [`Lang::t`].
    Et;
    // the host: the tournament's set-up
    SetupTitle => "Отбор и жеребьёвка", "Qualification and the draw";
    QualifyFromChgk => "Отбор по итогам ЧГК (5.2)", "Qualify from the ChGK table (5.2)";
    QualifyHint => "Лучшие по очкам, затем по рейтингу; затем слепая жеребьёвка по группам из четырёх (5.3).", "Best by points, then rating; then a blind draw into groups of four (5.3).";
    QualifyNoChgk => "В таблице ЧГК пока ни у кого нет очков: отбор пройдёт жребием. Сначала сыграйте ЧГК или выберите команды вручную.", "Nobody has ChGK points yet: qualifying now would be by lot alone. Play ChGK first or choose the teams by hand.";
    Places => "Команд", "Teams";
    LotSeed => "Жребий (число)", "Lot seed";
    Qualify => "Отобрать", "Qualify";
    ByHand => "Команды вручную", "Teams by hand";
    ByHandHint => "Отметьте 4, 8 или 16 команд — в каждой не меньше четырёх игроков (5.8) — и проведите жеребьёвку.", "Tick 4, 8 or 16 teams — each with four players or more (5.8) — and make the draw.";
    Draw => "Жеребьёвка", "Draw";
    Clear => "Очистить", "Clear";
    SeedingFixed => "Группы жеребьёвки закреплены: игры начались.", "The draw's groups are fixed: the games have begun.";
    NotSeeded => "Команды ещё не распределены по группам.", "No teams have been drawn into groups yet.";
    // the host: the package and the timing
    Themes => "Темы Эрудит-квартета", "Erudite Quartet themes";
    ThemesHint => "Каждая тема пакета — раунд из пяти вопросов по 10–50 очков; тур берёт четыре темы. Без пакета ведущий читает с листа.", "Each theme of the package is a round of five questions worth 10 to 50; a tour takes four themes. Without a package the host reads from paper.";
    Timing => "Время расстановки и тишины", "Line-up and silence timing";
    LineupTime => "Расстановка открытого и закрытого тура", "Line-up of the open and closed tours";
    SemiOpenTime => "Расстановка раунда полуоткрытого тура", "Line-up of a semi-open round";
    SilenceTime => "Тишина после чтения", "Silence after the reading";
    TimingHint => "По правилам: минута на расстановку (5.7), 20 с в полуоткрытом туре, 5 с после чтения.", "By the rules: a minute for the line-up (5.7), 20 s in the semi-open tour, 5 s after the reading.";
    // the host: the game in play
    NoGame => "Сейчас ни одна группа не играет.", "No group is playing now.";
    CloseLineup => "Закончить расстановку", "End the line-up";
    ByHandLineup => "Расставить за команду", "Set a team's line-up";
    ByHandLineupHint => "Если у капитана отказал компьютер: ведущий отправляет состав за команду.", "If a captain's laptop fails, the host sends the team's line-up.";
    Read => "Читаю", "Reading";
    EndReading => "Дочитал", "Finished reading";
    Reread => "Повторить вопрос", "Read it again";
    Next => "Дальше", "Next";
    Answer => "Ответ", "Answer";
    Comment => "Комментарий", "Comment";
    FromPaper => "Вопрос читается с листа: в пакете его нет.", "The question is read from paper: it is not in the package.";
    RestartNotice => "Сервер перезапускался: вопрос вернулся к чтению (расстановка получила время заново). Прочтите вопрос снова.", "The server restarted: the question went back to its reading (a line-up got its time again). Read the question again.";
    Lineups => "Расстановка", "Line-ups";
    Round => "Раунд", "Round";
    ColPlayer => "Игрок", "Player";
    ColWhen => "Когда", "When";
    GameOver => "Игра группы сыграна.", "The group's game is over.";
    // the tournament
    Groups => "Группы", "Groups";
    Table => "Таблица турнира", "Tournament table";
    ColPlace => "Место", "Place";
    ColTeam => "Команда", "Team";
    ColStage => "Этап", "Stage";
    ColGroup => "Группа", "Group";
    ColPoints => "Очки", "Points";
    GroupWaiting => "ждёт", "waiting";
    GroupPlaying => "играет", "playing";
    GroupFinished => "сыграна", "played";
    TournamentOver => "Турнир окончен", "The tournament is over";
    Final => "Финал", "Final";
    // a question's state
    Ready => "Вопрос объявлен", "The question is announced";
    Reading => "Читается вопрос", "The question is being read";
    NobodyAnswered => "Никто не ответил", "Nobody answered";
    // the team: the captain's form
    ChoosePlayer => "выберите игрока", "choose a player";
    SendLineup => "Отправить состав", "Send the line-up";
    LineupSent => "Состав отправлен — его можно изменить, пока идёт расстановка.", "The line-up is sent — it may change while the line-up is open.";
    HiddenTheme => "тема не объявлена", "theme not announced";
    AlreadyInTour => "Уже играют в этом туре (5.8)", "Already playing in this tour (5.8)";
    WaitingForLineup => "Ждём, когда ведущий объявит тур.", "Waiting for the host to announce the tour.";
    // the team: the player's button
    NotFielded => "В этом раунде у вашей команды нет игрока у кнопок.", "Your team has no player at the buttons in this round.";
    PressNow => "Жмите!", "Press!";
    YouAnswer => "Отвечает ваш игрок", "Your player answers";
    AlreadyTried => "Ваш игрок уже отвечал на этот вопрос", "Your player has answered this question";
    RightYours => "Верно — очки ваши!", "Right — the points are yours!";
    WaitQuestion => "Ждём вопрос", "Waiting for the question";
    BetweenRounds => "Перерыв между раундами", "Between rounds";
    OtherFaster => "Другая команда нажала раньше", "Another team pressed first";
    YourGroup => "Ваша группа", "Your group";
    // the projector
    Hidden => "?", "?";
    Values => "Стоимость", "Values";
    // the jury
    NoAppeals => "В Эрудит-квартете апелляций нет: ответы оценивает ведущий.", "Erudite Quartet has no appeals: the host judges the answers.";
}

fn quoted(name: &str) -> String {
    format!("«{name}»")
}

/// «Открытый тур» and the others.
pub fn tour_kind(lang: Lang, kind: TourKind) -> &'static str {
    match (kind, lang) {
        (TourKind::Open, Lang::Ru) => "Открытый тур",
        (TourKind::Closed, Lang::Ru) => "Закрытый тур",
        (TourKind::SemiOpen, Lang::Ru) => "Полуоткрытый тур",
        (TourKind::Open, Lang::En) => "Open tour",
        (TourKind::Closed, Lang::En) => "Closed tour",
        (TourKind::SemiOpen, Lang::En) => "Semi-open tour",
    }
}

/// «Тур 2 · Закрытый тур» (`number` from 0).
pub fn tour_heading(lang: Lang, number: u32, kind: TourKind) -> String {
    let n = number + 1;
    let kind = tour_kind(lang, kind);
    lang.pick(format!("Тур {n} · {kind}"), format!("Tour {n} · {kind}"))
}

/// «Этап 1» or «Финал» (the stage of one group); `stage` from 0.
pub fn stage_name(lang: Lang, stage: u32, groups: usize) -> String {
    if groups == 1 {
        return lang.t(Et::Final).to_owned();
    }
    let n = stage + 1;
    lang.pick(format!("Этап {n}"), format!("Stage {n}"))
}

/// «Группа 2» (`group` from 0).
pub fn group_name(lang: Lang, group: u32) -> String {
    let n = group + 1;
    lang.pick(format!("Группа {n}"), format!("Group {n}"))
}

/// «Начать игру группы 2».
pub fn start_game(lang: Lang, group: u32) -> String {
    let n = group + 1;
    lang.pick(
        format!("Начать игру группы {n}"),
        format!("Start group {n}'s game"),
    )
}

/// «Раунд 3» (`round` from 0), with its theme when shown.
pub fn round_name(lang: Lang, round: u32, theme: Option<&str>) -> String {
    let n = round + 1;
    let head = lang.pick(format!("Раунд {n}"), format!("Round {n}"));
    match theme {
        Some(theme) => format!("{head}: {}", quoted(theme)),
        None => head,
    }
}

/// The host's button opening the next line-up: a tour's (its kind), or a
/// semi-open round's.
pub fn open_lineup(lang: Lang, kind: Option<TourKind>, round: u32) -> String {
    match kind {
        Some(TourKind::SemiOpen) if round > 0 => {
            let n = round + 1;
            lang.pick(format!("Объявить раунд {n}"), format!("Announce round {n}"))
        }
        Some(kind) => {
            let kind = tour_kind(lang, kind);
            lang.pick(format!("Объявить: {kind}"), format!("Announce: {kind}"))
        }
        None => lang.pick("Объявить тур".into(), "Announce the tour".into()),
    }
}

/// «Расстановка: 0:42».
pub fn lineup_countdown(lang: Lang, digits: &str) -> String {
    lang.pick(
        format!("Расстановка: {digits}"),
        format!("Line-up: {digits}"),
    )
}

/// «Прислали состав: …» / «Ждём: …».
pub fn lineup_sent(lang: Lang, sent: &[&str], waiting: &[&str]) -> String {
    let list = |names: &[&str]| {
        names
            .iter()
            .map(|n| quoted(n))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut parts = Vec::new();
    if !sent.is_empty() {
        parts.push(lang.pick(
            format!("Прислали состав: {}", list(sent)),
            format!("Sent: {}", list(sent)),
        ));
    }
    if !waiting.is_empty() {
        parts.push(lang.pick(
            format!("ждём: {}", list(waiting)),
            format!("waiting for: {}", list(waiting)),
        ));
    }
    parts.join("; ")
}

/// «Раунд 2 · «Реки» · 30 очков» (`round` from 0).
pub fn question_line(lang: Lang, round: u32, theme: Option<&str>, value: i64) -> String {
    let round = round_name(lang, round, theme);
    lang.pick(
        format!("{round} · {value} очков"),
        format!("{round} · {value} points"),
    )
}

/// «Отвечает «Знатоки» — Анна».
pub fn answering(lang: Lang, team: &str, player: Option<&str>) -> String {
    let who = match player {
        Some(player) => format!("{} — {player}", quoted(team)),
        None => quoted(team),
    };
    lang.pick(format!("Отвечает {who}"), format!("{who} answers"))
}

/// «5 секунд на нажатие: 0:04».
pub fn silence(lang: Lang, digits: &str) -> String {
    lang.pick(
        format!("Время на нажатие: {digits}"),
        format!("Time to press: {digits}"),
    )
}

/// «Верно: «Знатоки» +30».
pub fn taken(lang: Lang, team: &str, value: i64) -> String {
    lang.pick(
        format!("Верно: {} +{value}", quoted(team)),
        format!("Right: {} +{value}", quoted(team)),
    )
}

/// The host's verdict buttons: «Верно +30», «Неверно −30».
pub fn judge(lang: Lang, correct: bool, value: i64) -> String {
    match (correct, lang) {
        (true, Lang::Ru) => format!("Верно +{value}"),
        (true, Lang::En) => format!("Right +{value}"),
        (false, Lang::Ru) => format!("Неверно −{value}"),
        (false, Lang::En) => format!("Wrong −{value}"),
    }
}

/// «Сейчас играет: Анна».
pub fn now_playing(lang: Lang, player: &str) -> String {
    lang.pick(
        format!("Сейчас играет: {player}"),
        format!("Now at the buttons: {player}"),
    )
}

/// «Ответ: …» once a question is closed.
pub fn answer(lang: Lang, answer: &str) -> String {
    format!("{}: {answer}", lang.t(Et::Answer))
}

/// Milliseconds as seconds with one decimal: «4.2».
fn tenths(ms: u64) -> String {
    format!("{}.{}", ms / 1000, (ms % 1000) / 100)
}

/// A press's moment as the host's log says it: «прервал чтение на 4.2 с»
/// or «через 1.3 с после чтения».
pub fn press_moment(
    lang: Lang,
    interrupted_after_ms: Option<u64>,
    after_reading_ms: Option<u64>,
) -> String {
    match (interrupted_after_ms, after_reading_ms) {
        (Some(ms), _) => {
            let s = tenths(ms);
            lang.pick(
                format!("прервал чтение на {s} с"),
                format!("interrupted the reading at {s} s"),
            )
        }
        (None, Some(ms)) => {
            let s = tenths(ms);
            lang.pick(
                format!("через {s} с после чтения"),
                format!("{s} s after the reading"),
            )
        }
        (None, None) => "—".into(),
    }
}

/// «Верно»/«Неверно» of a team's answer in the host's log.
pub fn attempt(lang: Lang, team: &str, correct: bool, value: i64) -> String {
    let sign = if correct { '+' } else { '−' };
    format!("{} {sign}{value}", quoted(team))
        + &lang.pick(
            if correct {
                " (верно)"
            } else {
                " (неверно)"
            }
            .into(),
            if correct { " (right)" } else { " (wrong)" }.into(),
        )
}

/// The themes loaded and taken.
pub fn pool(lang: Lang, pool: u32, used: u32) -> String {
    let left = pool.saturating_sub(used);
    lang.pick(
        format!("в запасе {pool} тем, взято в туры {used}, осталось {left}"),
        format!("{pool} themes in the pool, {used} taken by tours, {left} left"),
    )
}

/// «Чемпион: «Знатоки»».
pub fn champion(lang: Lang, team: &str) -> String {
    lang.pick(
        format!("Победитель: {}", quoted(team)),
        format!("Winner: {}", quoted(team)),
    )
}

/// The captain's form refusing a name chosen twice (5.8).
pub fn chosen_twice(lang: Lang, name: &str) -> String {
    lang.pick(
        format!(
            "{} выбран(а) дважды: один игрок — один раунд тура (5.8)",
            quoted(name)
        ),
        format!(
            "{} is chosen twice: one player, one round of a tour (5.8)",
            quoted(name)
        ),
    )
}

/// «Осталось на расстановку: 0:42».
pub fn lineup_left(lang: Lang, digits: &str) -> String {
    lang.pick(
        format!("Осталось на расстановку: {digits}"),
        format!("Time left for the line-up: {digits}"),
    )
}

/// «Расстановка · Закрытый тур» over the captain's form.
pub fn lineup_title(lang: Lang, kind: TourKind) -> String {
    let kind = tour_kind(lang, kind);
    lang.pick(format!("Расстановка · {kind}"), format!("Line-up · {kind}"))
}

/// The server's verdict on this team's press, in words.
pub fn press_verdict(lang: Lang, outcome: &PressOutcome) -> String {
    match outcome {
        PressOutcome::Decided {
            kind,
            since_arming_us,
            ..
        } => match kind {
            // The server says a press into the reading as negative µs.
            PressKind::Won => {
                let ms = since_arming_us.map(|us| us.unsigned_abs() / 1000);
                let moment = match since_arming_us {
                    Some(us) if *us < 0 => press_moment(lang, ms, None),
                    Some(_) => press_moment(lang, None, ms),
                    None => String::new(),
                };
                let head = lang.t(Et::YouAnswer);
                if moment.is_empty() {
                    head.to_owned()
                } else {
                    format!("{head}: {moment}")
                }
            }
            PressKind::Late | PressKind::Contested => lang.t(Et::OtherFaster).into(),
            PressKind::LockedOut | PressKind::FalseStart => lang.t(Et::AlreadyTried).into(),
            PressKind::Repeated => lang.t(Rt::Repeated).into(),
            PressKind::Ignored => lang.t(Rt::Ignored).into(),
        },
        PressOutcome::Refused(error) => crate::i18n::command_error(lang, error),
        PressOutcome::Lost => lang.t(Rt::Lost).into(),
    }
}

/// A step the game cannot take now.
pub fn step(lang: Lang, step: &GameStep) -> String {
    if lang == Lang::En {
        return step.to_string();
    }
    match step {
        GameStep::Over => "игра окончена",
        GameStep::LineupOpen => "идёт расстановка",
        GameStep::NoLineup => "расстановка не открыта",
        GameStep::RoundOn => "идёт раунд",
        GameStep::AlreadyRead => "вопрос уже прочитан",
        GameStep::NotReading => "вопрос сейчас не читается",
        GameStep::NotWaiting => "вопрос не дочитан или на него уже нажали",
        GameStep::NotAnswering => "сейчас никто не отвечает",
        GameStep::QuestionOpen => "вопрос ещё разыгрывается",
    }
    .into()
}

/// Why a line-up is refused.
pub fn lineup_fault(lang: Lang, fault: &LineupFault) -> String {
    if lang == Lang::En {
        return fault.to_string();
    }
    match fault {
        LineupFault::Closed => "расстановка сейчас не открыта".into(),
        LineupFault::Count { expected, got } => {
            format!("в составе {got} игроков, а нужно {expected} (по одному на раунд)")
        }
        LineupFault::NotInTeam { name } => format!("{} не игрок этой команды", quoted(name)),
        LineupFault::Twice { name } => {
            format!("{} сыграл(а) бы дважды в одном туре (5.8)", quoted(name))
        }
    }
}

/// A refusal of the Эрудит-квартет engine, in the person's language.
pub fn play_error(lang: Lang, error: &EruditPlayError) -> String {
    use EruditPlayError as E;
    match error {
        E::Step(s) => return step(lang, s),
        E::Lineup(fault) => return lineup_fault(lang, fault),
        E::Package(why) => {
            return lang.pick(
                format!(
                    "пакет вопросов не прочитан: {}",
                    crate::views::chgk::words::package_error(why)
                ),
                format!(
                    "the package was not read: {}",
                    crate::views::chgk::words::package_error(why)
                ),
            );
        }
        _ if lang == Lang::En => return error.to_string(),
        _ => {}
    }
    match error {
        E::Timing(why) => format!("неверные настройки времени: {why}"),
        E::NoThemes => "в пакете нет вопросов для игры".into(),
        E::NoSuchTeam => "нет такой команды".into(),
        E::TeamTwice => "команда названа дважды".into(),
        E::TeamCount { teams } => {
            format!("команд: {teams}; для групп по четыре нужно 4, 8 или 16 (5.3–5.5)")
        }
        E::TooFewPlayers { team, players } => format!(
            "в команде {} игроков: {players}; на четыре раунда тура нужно четыре (5.8)",
            quoted(team)
        ),
        E::SeedingFixed => "группы закреплены: игра уже началась".into(),
        E::NotSeeded => "команды ещё не распределены по группам".into(),
        E::NoSuchGroup => "на этом этапе нет такой группы".into(),
        E::GroupPlayed => "игра этой группы уже сыграна".into(),
        E::GameInPlay => "идёт игра другой группы".into(),
        E::NoGame => "сейчас ни одна группа не играет".into(),
        E::TournamentOver => "турнир окончен".into(),
        E::NotInGame => "эта команда не играет в идущей игре".into(),
        E::NotATeam => "состав присылает капитан команды (или ведущий, назвав команду)".into(),
        E::TieToSettle => {
            "ничья решает, кто проходит дальше или кто победил: сначала разрешите её (5.4, 5.5)"
                .into()
        }
        E::NoTie => "сейчас нет ничьей, которую нужно разрешать".into(),
        E::ShootOffInPlay => "вопрос перестрелки уже задан".into(),
        E::NoShootOff => "вопрос перестрелки не задан".into(),
        E::NobodyAnswering => "на вопрос перестрелки никто не отвечает".into(),
        E::ShootOffAnswering => {
            "команда отвечает на вопрос перестрелки: сначала оцените ответ".into()
        }
        E::Step(_) | E::Lineup(_) | E::Package(_) => String::new(),
    }
}

/// An Эрудит-квартет command's name in a toast.
pub fn command_name(lang: Lang, command: &EruditCommand) -> &'static str {
    use EruditCommand as C;
    let (ru, en) = match command {
        C::LoadPackage { .. } => ("загрузка тем", "loading the themes"),
        C::SetTiming { .. } => ("настройки времени", "timing settings"),
        C::Seed { .. } => ("жеребьёвка групп", "the draw into groups"),
        C::StartGame { .. } => ("начало игры группы", "starting the group's game"),
        C::OpenLineup => ("объявление тура", "announcing the tour"),
        C::CloseLineup => ("конец расстановки", "ending the line-up"),
        C::SetLineup { .. } => ("состав на тур", "the line-up"),
        C::Read => ("чтение вопроса", "reading the question"),
        C::EndReading => ("конец чтения", "end of the reading"),
        C::Reread => ("повтор вопроса", "reading the question again"),
        C::Judge { .. } => ("оценка ответа", "judging the answer"),
        C::Next => ("следующий вопрос", "the next question"),
        C::ShootOffQuestion => ("вопрос перестрелки", "a shoot-off question"),
        C::ShootOffJudge { .. } => (
            "оценка ответа в перестрелке",
            "judging the shoot-off answer",
        ),
        C::ShootOffNobody => (
            "никто не ответил в перестрелке",
            "nobody answered the shoot-off",
        ),
        C::DrawLot { .. } => ("жребий", "the lot"),
    };
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
}

/// What an Эрудит-квартет receipt says in a toast; `None` where «готово»
/// says it all.
fn receipt_words(lang: Lang, receipt: &EruditReceipt) -> Option<String> {
    match receipt {
        EruditReceipt::Done => None,
        EruditReceipt::PackageLoaded { added, themes } => Some(lang.pick(
            format!("пакет загружен: {added} тем, всего в запасе {themes}"),
            format!("package loaded: {added} themes, {themes} in the pool"),
        )),
        EruditReceipt::Drawn { groups } => Some(lang.pick(
            format!("жеребьёвка проведена: групп — {}", groups.len()),
            format!("the draw is made: {} groups", groups.len()),
        )),
    }
}

impl crate::i18n::words::FormatWords for minuta_shared::play::erudit::EruditTournament {
    fn name(lang: Lang) -> &'static str {
        match lang {
            Lang::Ru => "Эрудит-квартет",
            Lang::En => "Erudite Quartet",
        }
    }

    fn refusal(lang: Lang, error: &Self::Error) -> String {
        crate::i18n::words::named_refusal::<Self>(lang, play_error(lang, error))
    }

    fn receipt(lang: Lang, receipt: &Self::Receipt) -> Option<String> {
        receipt_words(lang, receipt)
    }

    fn command_name(lang: Lang, command: &Self::Command) -> String {
        command_name(lang, command).into()
    }
}

/// A deciding tie's heading (5.4, 5.5): «Ничья за первое место: «А», «Б»…».
pub fn tie_heading(lang: Lang, names: &[String], first: u32, last: u32, stake: TieStake) -> String {
    let teams = crate::i18n::tie::quoted_list(names);
    match stake {
        TieStake::Title => lang.pick(
            format!("Ничья за первое место: {teams}. Решается, кто победил (5.5)."),
            format!("Tied for first: {teams}. This decides the winner (5.5)."),
        ),
        TieStake::NextStage => lang.pick(
            format!(
                "Ничья за места {first}–{last} в группе: {teams}. Решается, кто проходит дальше (5.4, 5.5)."
            ),
            format!(
                "Tied for places {first}–{last} in the group: {teams}. This decides who goes on (5.4, 5.5)."
            ),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erudit_press_moments_read_in_tenths_of_a_second() {
        assert_eq!(
            press_moment(Lang::Ru, Some(4_200), None),
            "прервал чтение на 4.2 с"
        );
        assert_eq!(
            press_moment(Lang::Ru, None, Some(1_349)),
            "через 1.3 с после чтения"
        );
        assert_eq!(
            press_moment(Lang::En, Some(4_200), None),
            "interrupted the reading at 4.2 s"
        );
    }

    #[test]
    fn erudit_every_static_text_exists_in_both_languages() {
        for key in Et::ALL {
            assert!(!key.text(Lang::Ru).is_empty());
            assert!(!key.text(Lang::En).is_empty());
        }
    }
}
