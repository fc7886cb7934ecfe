//! «Брейн-ринг» texts with values: phases as a team and as the hall see
//! them, the button's verdicts, the press log's units, the tournament's
//! stage, and the format's commands, receipts and refusals in toasts.
//! Static texts are [`T`] keys like every other.

use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::{
    ButtonPhase, ButtonQuestion, FightKind, PressKind, RingAppealKind, RingCommand, RingFightView,
    RingPlayError, RingReceipt, RingStage, Table, TournamentBlock, format_gap,
};
use minuta_shared::programme::Slot;

use crate::i18n::{Lang, T, ru_plural};
use crate::state::PressOutcome;
use minuta_shared::play::brain_ring::Ruling;

crate::i18n::texts! {
    /// A Brain-ring static text, rendered by [`Lang::t`].
    Rt;
    BrainRing => "Брейн-ринг", "Brain-ring";
    You => "вы", "you";
    FalseStartMark => "фальстарт", "false start";
    LockedMark => "без права ответа", "may not answer";
    Drawn => "Ничья", "Draw";
    NoQuestionYet => "Ждём первый вопрос", "Waiting for the first question";
    Reading => "Читается вопрос", "The question is being read";
    FalseStartLost => "Фальстарт — вопрос потерян", "False start — the question is lost";
    FalseStartWait => "Фальстарт не в счёт — ждите «Время»", "False start, not counted — wait for «Time»";
    ArmedPress => "Время! Жмите", "Time! Press";
    ArmedHall => "Время!", "Time!";
    LockedArmed => "Вы не отвечаете на этот вопрос", "You may not answer this question";
    Contested => "Нажали почти одновременно — решает ведущий", "Pressed almost together — the host decides";
    YouAnswer => "Вы отвечаете!", "You answer!";
    TakenByYou => "Вопрос ваш!", "The question is yours!";
    TakenByRival => "Вопрос взял соперник", "The opponents took the question";
    NotTaken => "Вопрос никто не взял", "Nobody took the question";
    NotTakenHall => "Вопрос не взят", "Nobody took the question";
    Repeated => "Нажатие уже учтено", "Your press is counted already";
    LockedOut => "На этот вопрос вы уже не отвечаете", "You may no longer answer this question";
    ContestedVerdict => "Почти одновременно с соперником — решает ведущий", "Almost together with the opponents — the host decides";
    Ignored => "Сейчас кнопка не действует", "The button does nothing now";
    Lost => "Связь прервалась — нажатие могло не дойти", "The link dropped — the press may not have arrived";
    PressedFirst => "Вы нажали первыми", "You pressed first";
    Withdrawn => "Вопрос снят по апелляции", "The question was withdrawn on appeal";
    UpheldYours => "Апелляция принята — вопрос ваш!", "Appeal upheld — the question is yours!";
    UpheldRival => "По апелляции вопрос засчитан сопернику", "On appeal the question goes to the opponents";
    FightWonYou => "Вы выиграли бой!", "You won the fight!";
    FightLostYou => "Бой проигран", "The fight is lost";
    RivalFaster => "Соперник был быстрее", "The opponents were faster";
    AppealQuestion => "вопрос некорректен", "the question was incorrect";
    AppealAnswer => "засчитать наш ответ", "accept our answer";
    AppealHint => "Апелляцию подают до чтения следующего вопроса (4.13); решение ведущего окончательно.", "Appeal before the next question is read (4.13); the host's decision is final.";
    AppealOpen => "Подать апелляцию…", "Appeal…";
    Read => "Читаю вопрос", "Reading the question";
    Arm => "Время", "Time";
    CloseFight => "Завершить бой", "Close the fight";
    AppealsFirst => "Сначала решите апелляции (4.16).", "Decide the appeals first (4.16).";
    NoFights => "Боёв пока нет: отберите или посейте команды ниже и начните круг, или проведите товарищеский бой.", "No fights yet: qualify or seed the teams below and start a round, or play a friendly fight.";
    Fights => "Бои", "Fights";
    Closed => "завершён", "closed";
    Questions => "Вопросы брейн-ринга", "Brain-ring questions";
    QuestionsHint => "Каждое «Читаю вопрос» берёт следующий вопрос пакета; без пакета ведущий читает с листа.", "Each «Reading» takes the package's next question; without a package the host reads from paper.";
    Answer => "Ответ", "Answer";
    Accepted => "Зачёт", "Also accepted";
    Comment => "Комментарий", "Comment";
    InPlay => "идёт", "in play";
    PressLog => "Журнал нажатий", "Press log";
    NoPresses => "Нажатий по этому вопросу нет.", "No presses on this question.";
    FightAppeals => "Апелляции боя", "The fight's appeals";
    Standings => "Таблица брейн-ринга", "Brain-ring table";
    FinalPlaces => "Итоговые места", "Final places";
    YourFights => "Ваши бои", "Your fights";
    QualifyNoChgk => "В таблице ЧГК пока ни у кого нет очков: отбор пройдёт жребием. Сначала сыграйте ЧГК или посейте команды вручную.", "Nobody has ChGK points yet: qualifying now would be by lot alone. Play ChGK first or seed the teams by hand.";
    FightOn => "идёт", "in play";
    ColPoints => "Очки", "Points";
    NotSeeded => "Команды для брейн-ринга ещё не отобраны.", "No teams have qualified for Brain-ring yet.";
    QualifyTitle => "Отбор и посев", "Qualification and seeding";
    QualifyFromChgk => "Отбор по итогам ЧГК (4.3–4.4)", "Qualify from the ChGK table (4.3–4.4)";
    QualifyHint => "Лучшие по очкам, затем по рейтингу; посев — по таблице после трёх туров; полные равенства — жребием.", "Best by points, then rating; seeded by the table after three tours; full ties by lot.";
    Places => "Мест", "Places";
    LotSeed => "Жребий (число)", "Lot seed";
    Qualify => "Отобрать", "Qualify";
    SeedByHand => "Посев вручную", "Seed by hand";
    SeedByHandHint => "Нажимайте на команды в порядке посева.", "Click the teams in seeding order.";
    SeedTeams => "Посеять", "Seed";
    Clear => "Очистить", "Clear";
    Seeding => "Посев", "Seeding";
    Stages => "Площадок", "Stages";
    StartFight => "Начать бой", "Start the fight";
    Friendly => "Товарищеский бой", "Friendly fight";
    FriendlyStart => "Начать товарищеский бой", "Start the friendly fight";
    ChooseTeam => "выберите команду", "choose a team";
    FormatQualifying => "отборочный: 5 вопросов, ничья возможна", "qualifying: 5 questions, a draw stands";
    FormatPlayoff => "плей-офф: 5 вопросов, затем до первого взятого", "play-off: 5 questions, then sudden death";
    FormatFinal => "финальный: 7 вопросов, затем до первого взятого", "final: 7 questions, then sudden death";
    Timing => "Время и правила кнопки", "Button timing and rules";
    ExtraTime => "Дополнительное время после неверного ответа", "Extra time after a wrong answer";
    TieWindow => "Окно спорного нажатия (0 — строгий порядок)", "Tie window (0 = strict order)";
    IgnoreEarly => "Игнорировать ранние нажатия (фальстарт не лишает права ответа)", "Ignore early presses (a false start keeps the right to answer)";
    TimingHint => "По правилам: минута — 60 с, дополнительное время — 20 с.", "By the rules: the minute is 60 s, the extra time 20 s.";
    PlayoffRule => "«Царь горы» (4.11): 5-е место играет с 4-м, победитель — с 3-м, затем со 2-м; победитель выходит в финал к 1-му.", "«King of the hill» (4.11): 5th plays 4th, the winner plays 3rd, then 2nd; the winner meets 1st in the final.";
    FinalRule => "Финал (4.12): до двух побед; после каждого боя команды меняются столами.", "Final (4.12): first to two wins; the teams change tables after each fight.";
    ShowFight => "Показать", "Show";
    JuryNone => "Апелляции по брейн-рингу рассматривает ведущий (4.13–4.16).", "Brain-ring appeals are decided by the host (4.13–4.16).";
}

fn quoted(name: &str) -> String {
    format!("«{name}»")
}

fn name(names: &[String; 2], table: Table) -> String {
    quoted(names.get(table).map(String::as_str).unwrap_or(""))
}

/// «Стол 1» for table 0: the hall counts from one.
pub fn table_number(lang: Lang, table: Table) -> String {
    let n = table + 1;
    lang.pick(format!("Стол {n}"), format!("Table {n}"))
}

/// «Площадка 2»: where a fight is played when several run at once.
pub fn stage_number(lang: Lang, stage: u32) -> String {
    lang.pick(format!("Площадка {stage}"), format!("Stage {stage}"))
}

/// A fight's name: «Круг 2, бой 3», «Плей-офф, бой 1», «Финал, бой 2».
pub fn fight_name(lang: Lang, fight: &RingFightView) -> String {
    let n = fight.ordinal;
    match fight.kind {
        FightKind::Qualifying { round } => lang.pick(
            format!("Круг {round}, бой {n}"),
            format!("Round {round}, fight {n}"),
        ),
        FightKind::Playoff => {
            lang.pick(format!("Плей-офф, бой {n}"), format!("Play-off, fight {n}"))
        }
        FightKind::Final { number } => lang.pick(
            format!("Финал, бой {number}"),
            format!("Final, fight {number}"),
        ),
        FightKind::Friendly => lang.pick(
            format!("Товарищеский бой {n}"),
            format!("Friendly fight {n}"),
        ),
    }
}

/// The final's series in wins.
pub fn final_series(lang: Lang, a: &str, wins_a: usize, b: &str, wins_b: usize) -> String {
    lang.pick(
        format!(
            "Финал по победам: {} {wins_a} — {wins_b} {}",
            quoted(a),
            quoted(b)
        ),
        format!(
            "Final, fights won: {} {wins_a} — {wins_b} {}",
            quoted(a),
            quoted(b)
        ),
    )
}

/// The team's place in the Brain-ring table so far.
pub fn table_place(lang: Lang, place: &str) -> String {
    lang.pick(
        format!("Место в таблице: {place}"),
        format!("Place in the table: {place}"),
    )
}

/// The team's place in the finished tournament (2.2).
pub fn final_place(lang: Lang, place: u32) -> String {
    lang.pick(
        format!("Итоговое место: {place}"),
        format!("Final place: {place}"),
    )
}

pub fn fight_won(lang: Lang, winner: &str) -> String {
    lang.pick(
        format!("Победа: {}", quoted(winner)),
        format!("Won by {}", quoted(winner)),
    )
}

pub fn sudden_death_question(lang: Lang, number: u32) -> String {
    lang.pick(
        format!("Вопрос {number} — до первого взятого"),
        format!("Question {number} — sudden death"),
    )
}

/// «20 секунд», «21 секунда», «3 секунды».
pub fn seconds(lang: Lang, n: u64) -> String {
    match lang {
        Lang::En => format!("{n} {}", if n == 1 { "second" } else { "seconds" }),
        Lang::Ru => {
            format!("{n} {}", ru_plural(n, "секунда", "секунды", "секунд"))
        }
    }
}

fn extra_seconds(opened_at: u64, deadline: u64) -> u64 {
    deadline.saturating_sub(opened_at).div_ceil(1_000_000)
}

/// The phase in big letters on a team's terminal: what this team may do.
pub fn team_phase(
    lang: Lang,
    question: &ButtonQuestion,
    phase: &ButtonPhase,
    mine: Table,
    names: &[String; 2],
) -> String {
    let locked = question.locked.get(mine).copied().unwrap_or(false);
    let false_start = question.false_start.get(mine).copied().unwrap_or(false);
    match phase {
        ButtonPhase::Reading if false_start && locked => lang.t(Rt::FalseStartLost).into(),
        ButtonPhase::Reading if false_start => lang.t(Rt::FalseStartWait).into(),
        ButtonPhase::Reading => lang.t(Rt::Reading).into(),
        ButtonPhase::Armed { .. } if locked => lang.t(Rt::LockedArmed).into(),
        ButtonPhase::Armed { .. } => lang.t(Rt::ArmedPress).into(),
        ButtonPhase::Contested { .. } => lang.t(Rt::Contested).into(),
        ButtonPhase::Answering { table, .. } if *table == mine => lang.t(Rt::YouAnswer).into(),
        ButtonPhase::Answering { table, .. } => answers(lang, &name(names, *table)),
        ButtonPhase::SecondChance {
            table,
            opened_at,
            deadline,
        } => {
            let s = seconds(lang, extra_seconds(opened_at.0, deadline.0));
            if *table == mine {
                lang.pick(format!("{s}: ваш шанс"), format!("{s}: your chance"))
            } else {
                lang.pick(format!("{s} у соперника"), format!("{s} for the opponents"))
            }
        }
        ButtonPhase::Over {
            taken_by: Some(table),
        } if *table == mine => lang.t(Rt::TakenByYou).into(),
        ButtonPhase::Over { taken_by: Some(_) } => lang.t(Rt::TakenByRival).into(),
        ButtonPhase::Over { taken_by: None } => lang.t(Rt::NotTaken).into(),
    }
}

fn answers(lang: Lang, who: &str) -> String {
    lang.pick(format!("Отвечает {who}"), format!("{who} answers"))
}

/// The phase as the hall and the host see it.
pub fn hall_phase(lang: Lang, phase: &ButtonPhase, names: &[String; 2]) -> String {
    match phase {
        ButtonPhase::Reading => lang.t(Rt::Reading).into(),
        ButtonPhase::Armed { .. } => lang.t(Rt::ArmedHall).into(),
        ButtonPhase::Contested { .. } => lang.t(Rt::Contested).into(),
        ButtonPhase::Answering { table, .. } => answers(lang, &name(names, *table)),
        ButtonPhase::SecondChance {
            table,
            opened_at,
            deadline,
        } => {
            let s = seconds(lang, extra_seconds(opened_at.0, deadline.0));
            let who = name(names, *table);
            lang.pick(format!("{s} для {who}"), format!("{s} for {who}"))
        }
        ButtonPhase::Over {
            taken_by: Some(table),
        } => {
            let who = name(names, *table);
            lang.pick(format!("Вопрос взят: {who}"), format!("Taken by {who}"))
        }
        ButtonPhase::Over { taken_by: None } => lang.t(Rt::NotTakenHall).into(),
    }
}

/// An upheld appeal's result (4.14–4.15), as the hall reads it.
pub fn hall_ruling(lang: Lang, ruling: Ruling, names: &[String; 2]) -> String {
    match ruling {
        Ruling::Withdrawn => lang.t(Rt::Withdrawn).into(),
        Ruling::TakenBy(table) => {
            let who = name(names, table);
            lang.pick(
                format!("По апелляции вопрос засчитан: {who}"),
                format!("On appeal the question goes to {who}"),
            )
        }
    }
}

/// An upheld appeal's result as a team reads it.
pub fn team_ruling(lang: Lang, ruling: Ruling, mine: Table) -> String {
    lang.t(match ruling {
        Ruling::Withdrawn => Rt::Withdrawn,
        Ruling::TakenBy(table) if table == mine => Rt::UpheldYours,
        Ruling::TakenBy(_) => Rt::UpheldRival,
    })
    .into()
}

/// `0.037` from 37 000 µs: a gap without its sign.
fn secs(us: u64) -> String {
    format_gap(us).trim_start_matches('+').to_owned()
}

/// Where a won press stands now, which decides how its verdict reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WonNow {
    /// The receipt is ahead of the view, or the team answers in its
    /// second chance: «Вы отвечаете!» is news.
    Fresh,
    /// The phase already says «Вы отвечаете!» in big letters.
    Answering,
    /// The question went on (judged, or over): only the time is left to say.
    Past,
}

/// The server's verdict on this terminal's press, in words. `locked`: the
/// team may no longer answer the question (a false start then lost it).
pub fn press_verdict(lang: Lang, outcome: &PressOutcome, locked: bool, won: WonNow) -> String {
    match outcome {
        PressOutcome::Decided {
            kind,
            since_arming_us,
            beaten_by_us,
            ..
        } => match kind {
            PressKind::Won => {
                let after = since_arming_us
                    .filter(|us| *us >= 0)
                    .map(|us| secs(us.unsigned_abs()));
                match (won, after) {
                    (WonNow::Fresh, Some(s)) => lang.pick(
                        format!("Вы отвечаете! Нажатие через {s} с после «Время»"),
                        format!("You answer! Pressed {s} s after «Time»"),
                    ),
                    (WonNow::Answering, Some(s)) => lang.pick(
                        format!("Нажатие через {s} с после «Время»"),
                        format!("Pressed {s} s after «Time»"),
                    ),
                    (WonNow::Past, Some(s)) => lang.pick(
                        format!("Вы нажали первыми — через {s} с после «Время»"),
                        format!("You pressed first — {s} s after «Time»"),
                    ),
                    (WonNow::Past, None) => lang.t(Rt::PressedFirst).into(),
                    (_, None) => lang.t(Rt::YouAnswer).into(),
                }
            }
            PressKind::Late => match beaten_by_us {
                Some(gap) => {
                    let s = secs(*gap);
                    lang.pick(
                        format!("Соперник был быстрее на {s} с"),
                        format!("The opponents were faster by {s} s"),
                    )
                }
                None => lang.t(Rt::RivalFaster).into(),
            },
            PressKind::FalseStart if locked => lang.t(Rt::FalseStartLost).into(),
            PressKind::FalseStart => lang.t(Rt::FalseStartWait).into(),
            PressKind::Repeated => lang.t(Rt::Repeated).into(),
            PressKind::LockedOut => lang.t(Rt::LockedOut).into(),
            PressKind::Contested => lang.t(Rt::ContestedVerdict).into(),
            PressKind::Ignored => lang.t(Rt::Ignored).into(),
        },
        PressOutcome::Refused(error) => crate::i18n::command_error(lang, error),
        PressOutcome::Lost => lang.t(Rt::Lost).into(),
    }
}

/// A press's kind in the press log.
pub fn press_kind(lang: Lang, kind: PressKind) -> &'static str {
    lang.t(match kind {
        PressKind::Won => T::PressWon,
        PressKind::Late => T::PressLate,
        PressKind::FalseStart => T::PressFalseStart,
        PressKind::Repeated => T::PressRepeated,
        PressKind::LockedOut => T::PressLockedOut,
        PressKind::Contested => T::PressContested,
        PressKind::Ignored => T::PressIgnored,
    })
}

/// A gap to the first press: «+0.037 с».
pub fn gap(lang: Lang, gap_us: u64) -> String {
    format!("{} {}", format_gap(gap_us), lang.t(T::UnitSeconds))
}

/// Signed time from «Время»: «+1.234 с», «−0.300 с» (a false start), «—».
pub fn since_arming(lang: Lang, us: Option<i64>) -> String {
    match us {
        None => "—".into(),
        Some(us) => {
            let sign = if us < 0 { "−" } else { "+" };
            format!(
                "{sign}{} {}",
                secs(us.unsigned_abs()),
                lang.t(T::UnitSeconds)
            )
        }
    }
}

/// Milliseconds with one decimal: «0.4 мс»; signed for clock offsets. The
/// sign follows the rounded figure, so a tiny offset reads «0.0», not «−0.0».
pub fn millis(lang: Lang, us: i64, signed: bool) -> String {
    let tenths = (us as f64 / 100.0).round() as i64;
    let digits = format!(
        "{}.{}",
        tenths.unsigned_abs() / 10,
        tenths.unsigned_abs() % 10
    );
    let sign = match tenths.signum() {
        -1 => "−",
        1 if signed => "+",
        _ => "",
    };
    format!("{sign}{digits} {}", lang.t(T::UnitMillis))
}

/// Table points kept in halves, printed as `4.5` or `3` (4.6).
pub fn points(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

/// «+2», «0», «−1».
pub fn difference(d: i64) -> String {
    match d.signum() {
        1 => format!("+{d}"),
        -1 => format!("−{}", d.unsigned_abs()),
        _ => "0".into(),
    }
}

pub fn appeal_kind(lang: Lang, kind: RingAppealKind) -> &'static str {
    lang.t(match kind {
        RingAppealKind::QuestionIncorrect => Rt::AppealQuestion,
        RingAppealKind::AcceptOurAnswer => Rt::AppealAnswer,
    })
}

/// «Апелляция по вопросу 3».
pub fn appeal_on(lang: Lang, question: u32) -> String {
    lang.pick(
        format!("Апелляция по вопросу {question}"),
        format!("Appeal on question {question}"),
    )
}

/// «Отвечает стол 1 («Знатоки»)»: the host's choice on a contested press.
pub fn decide_for(lang: Lang, table: Table, who: &str) -> String {
    let n = table + 1;
    lang.pick(
        format!("Отвечает стол {n} ({})", quoted(who)),
        format!("Table {n} answers ({})", quoted(who)),
    )
}

/// The gap between the contested presses, for the host.
pub fn contested_gap(lang: Lang, gap_us: u64) -> String {
    lang.pick(
        format!("Нажатия почти одновременно: разрыв {}", gap(lang, gap_us)),
        format!("Presses almost together: gap {}", gap(lang, gap_us)),
    )
}

/// «Пары круга 2».
pub fn round_pairs(lang: Lang, round: u32) -> String {
    lang.pick(
        format!("Пары круга {round}"),
        format!("Round {round} pairs"),
    )
}

pub fn start_round(lang: Lang, round: u32) -> String {
    lang.pick(
        format!("Начать круг {round}"),
        format!("Start round {round}"),
    )
}

/// Where the tournament stands, in one line; `team` names a team.
pub fn stage(lang: Lang, stage: &RingStage, team: impl Fn(TeamId) -> String) -> String {
    let pair = |[a, b]: [TeamId; 2]| format!("{} — {}", quoted(&team(a)), quoted(&team(b)));
    match stage {
        RingStage::NotSeeded => lang.t(Rt::NotSeeded).into(),
        RingStage::Qualifying { round, open: 0, .. } => lang.pick(
            format!("Отборочный круг {round}: пары готовы"),
            format!("Qualifying round {round}: the pairs are ready"),
        ),
        RingStage::Qualifying { round, open, .. } => lang.pick(
            format!("Идёт отборочный круг {round}: открытых боёв — {open}"),
            format!("Qualifying round {round} in play: {open} fights open"),
        ),
        RingStage::Playoff { teams, open: false } => lang.pick(
            format!("Плей-офф «царь горы»: следующий бой {}", pair(*teams)),
            format!("«King of the hill» play-off: next fight {}", pair(*teams)),
        ),
        RingStage::Playoff { teams, open: true } => lang.pick(
            format!("Плей-офф «царь горы»: идёт бой {}", pair(*teams)),
            format!(
                "«King of the hill» play-off: fight {} in play",
                pair(*teams)
            ),
        ),
        RingStage::Final {
            number,
            tables,
            open: false,
        } => lang.pick(
            format!("Финал, бой {number}: {} (стол 1 — стол 2)", pair(*tables)),
            format!(
                "Final, fight {number}: {} (table 1 — table 2)",
                pair(*tables)
            ),
        ),
        RingStage::Final {
            number,
            tables,
            open: true,
        } => lang.pick(
            format!("Финал: идёт бой {number}, {}", pair(*tables)),
            format!("Final: fight {number} in play, {}", pair(*tables)),
        ),
        RingStage::Finished { champion } => lang.pick(
            format!("Чемпион: {}", quoted(&team(*champion))),
            format!("Champion: {}", quoted(&team(*champion))),
        ),
        RingStage::Stuck(why) => lang.pick(
            format!("Турнир не может продолжиться: {}", block(Lang::Ru, why)),
            format!("The tournament cannot go on: {why}"),
        ),
    }
}

/// A refusal of the Brain-ring engines, in the person's language.
pub fn play_error(lang: Lang, error: &RingPlayError) -> String {
    use RingPlayError as E;
    if lang == Lang::En {
        return error.to_string();
    }
    match error {
        E::NoSuchFight => "нет такого боя".into(),
        E::NotInFight => "ваша команда не играет в этом бою".into(),
        E::FightOver => "бой окончен".into(),
        E::QuestionInPlay => "вопрос ещё разыгрывается: сначала доиграйте его".into(),
        E::NoQuestion => "сейчас вопрос не разыгрывается".into(),
        E::AlreadyArmed => "кнопки уже включены".into(),
        E::NobodyAnswering => "сейчас никто не отвечает".into(),
        E::NotContested => "спорных нажатий нет".into(),
        E::NotOver => "бой ещё не окончен".into(),
        E::AppealTooLate => "4.13: апелляцию подают до чтения следующего вопроса".into(),
        E::AppealPending => "4.16: сначала нужно решить апелляцию".into(),
        E::NoSuchAppeal => "нет такой апелляции".into(),
        E::AppealDecided => "эта апелляция уже подана или решена".into(),
        E::TeamBusy => "команда сейчас играет другой бой".into(),
        E::Tournament(why) => block(lang, why),
        E::NoSuchTeam => "нет такой команды".into(),
        E::TeamTwice => "команда названа дважды".into(),
        E::CannotPair { teams } => {
            format!("команд: {teams}; для пар брейн-ринга нужно чётное число, не меньше двух (4.8)")
        }
        E::TooLong { got, max } => {
            format!("слишком длинный текст ({got} знаков, можно не больше {max})")
        }
        E::NotATeam => "апелляцию подаёт только команда".into(),
        E::Timing(why) => format!("неверные настройки кнопки: {why}"),
        E::Package(why) => format!(
            "пакет вопросов не прочитан: {}",
            crate::views::chgk::words::package_error(why)
        ),
    }
}

/// How many package questions the host has, and how many were read.
pub fn pool(lang: Lang, pool: u32, used: u32) -> String {
    lang.pick(
        format!(
            "в пакете {pool} вопросов, прочитано {used}, осталось {}",
            pool.saturating_sub(used)
        ),
        format!(
            "{pool} questions in the package, {used} read, {} left",
            pool.saturating_sub(used)
        ),
    )
}

/// A Brain-ring command's name in a toast.
pub fn command_name(lang: Lang, command: &RingCommand) -> &'static str {
    use RingCommand as C;
    let (ru, en) = match command {
        C::LoadPackage { .. } => ("загрузка пакета вопросов", "loading the question package"),
        C::SetTiming { .. } => ("настройки кнопки", "button settings"),
        C::Seed { .. } => ("посев брейн-ринга", "Brain-ring seeding"),
        C::StartNext { .. } => ("начало боёв", "starting the fights"),
        C::Friendly { .. } => ("товарищеский бой", "the friendly fight"),
        C::Read { .. } => ("чтение вопроса", "reading the question"),
        C::Arm { .. } => ("«Время»", "«Time»"),
        C::Judge { .. } => ("оценка ответа", "judging the answer"),
        C::Decide { .. } => ("решение о спорном нажатии", "deciding the contested press"),
        C::ResolveAppeal { .. } => ("решение по апелляции", "appeal decision"),
        C::CloseFight { .. } => ("завершение боя", "closing the fight"),
        C::Appeal { .. } => ("апелляция", "the appeal"),
    };
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
}

/// What a Brain-ring receipt says in a toast; `None` where «готово» says
/// it all.
fn receipt_words(lang: Lang, receipt: &RingReceipt) -> Option<String> {
    match receipt {
        RingReceipt::Done => None,
        RingReceipt::PackageLoaded { added, questions } => Some(lang.pick(
            format!("пакет загружен: {added} вопросов, всего в запасе {questions}"),
            format!("package loaded: {added} questions, {questions} in the pool"),
        )),
        RingReceipt::AppealFiled { appeal } => Some(lang.pick(
            format!("апелляция № {appeal} подана"),
            format!("appeal no. {appeal} filed"),
        )),
    }
}

/// Why the tournament cannot take a step, in the person's language.
pub fn block(lang: Lang, why: &TournamentBlock) -> String {
    use TournamentBlock as B;
    if lang == Lang::En {
        return why.to_string();
    }
    match why {
        B::NotSeeded => "ещё никто не отобран в турнир".into(),
        B::Finished => "турнир окончен".into(),
        B::FightsOpen => "сначала завершите идущие бои".into(),
        B::SameTeam => "команда не может играть сама с собой".into(),
        B::SeedingFixed => "турнир начался: посев уже не изменить".into(),
        B::OddTeams { teams } => {
            format!("{teams}: нечётное число команд не разбить на пары (4.8)")
        }
        B::FirstRoundUnpairable => "4.8: первый круг не разбить на пары".into(),
        B::PlayoffSeedsRepeat => "в «царе горы» повторяются команды".into(),
        B::UnknownPlayoffTeam => "в «царе горы» неизвестная команда".into(),
        B::FinalistsRepeat => "в финале повторяются команды".into(),
        B::UnknownFinalist => "неизвестный финалист".into(),
        B::UnknownChampion => "неизвестный чемпион".into(),
    }
}

/// Issue 14.4: the host's notice about a question the server found in
/// play when it started again (`fight`: its name, or its number).
pub fn restart_notice(lang: Lang, fight: &str, question: u32, rearm: bool) -> String {
    if rearm {
        lang.pick(
            format!(
                "Сервер перезапускался во время вопроса {question} ({fight}): нажатие в последние мгновения перед остановкой могло не сохраниться. Кнопки сброшены, вопрос снова открыт — скажите залу и дайте «Время» заново (полная минута; до «Время» нажатие — фальстарт)."
            ),
            format!(
                "The server restarted during question {question} ({fight}): a press in the last moments before it stopped may not have been stored. The buttons were reset and the question is open again — tell the hall and give «Время» again (a full minute; a press before «Время» is a false start)."
            ),
        )
    } else {
        lang.pick(
            format!(
                "Сервер перезапускался во время вопроса {question} ({fight}). Вопрос продолжается как был сохранён; нажатие в последние мгновения перед остановкой могло не сохраниться."
            ),
            format!(
                "The server restarted during question {question} ({fight}). The question goes on as it was stored; a press in the last moments before it stopped may not have been stored."
            ),
        )
    }
}

impl crate::i18n::words::FormatWords for minuta_shared::play::brain_ring::RingTournament {
    fn name(lang: Lang) -> &'static str {
        lang.t(Rt::BrainRing)
    }

    fn added_name(lang: Lang) -> &'static str {
        match lang {
            Lang::Ru => "Ещё брейн-ринг",
            Lang::En => "Another Brain-ring",
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

    /// 2.2: the event's Brain-ring goes by the format's name.
    fn festival_name(lang: Lang, _name: &str, _tournament: &str) -> Option<String> {
        Some(lang.t(Rt::BrainRing).to_owned())
    }

    /// 2, 4.3: the programme's Brain-ring slot is the event's Brain-ring.
    fn slot_name(lang: Lang, slot: &Slot, _title: &str) -> Option<String> {
        match slot {
            Slot::BrainRing => Some(lang.t(Rt::BrainRing).to_owned()),
            Slot::ChgkTour { .. } | Slot::GameTour { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brain_ring_4_8_why_the_tournament_is_stuck_is_said_in_the_screens_language() {
        let why = TournamentBlock::OddTeams { teams: 5 };
        assert_eq!(
            block(Lang::Ru, &why),
            "5: нечётное число команд не разбить на пары (4.8)"
        );
        assert_eq!(
            block(Lang::En, &why),
            "5 teams cannot be paired (4.8 needs an even number)"
        );
        assert_eq!(
            play_error(
                Lang::Ru,
                &RingPlayError::Tournament(TournamentBlock::FightsOpen)
            ),
            "сначала завершите идущие бои"
        );
    }

    #[test]
    fn brain_ring_refusals_of_seeding_and_appeals_are_said_in_both_languages() {
        let cases = [
            (
                RingPlayError::CannotPair { teams: 5 },
                "команд: 5; для пар брейн-ринга нужно чётное число, не меньше двух (4.8)",
                "5 teams: Brain-ring pairs need an even number of at least two (4.8)",
            ),
            (
                RingPlayError::TeamTwice,
                "команда названа дважды",
                "a team is named twice",
            ),
            (
                RingPlayError::NoSuchTeam,
                "нет такой команды",
                "no such team",
            ),
            (
                RingPlayError::TooLong { got: 600, max: 500 },
                "слишком длинный текст (600 знаков, можно не больше 500)",
                "the text is 600 characters long, 500 at most",
            ),
            (
                RingPlayError::NotATeam,
                "апелляцию подаёт только команда",
                "only a team files an appeal",
            ),
            (
                RingPlayError::Timing("minute_ms must be positive".into()),
                "неверные настройки кнопки: minute_ms must be positive",
                "minute_ms must be positive",
            ),
        ];
        for (error, ru, en) in cases {
            assert_eq!(play_error(Lang::Ru, &error), ru);
            assert_eq!(play_error(Lang::En, &error), en);
        }
    }

    #[test]
    fn brain_ring_points_and_differences_read_as_in_the_table() {
        assert_eq!(points(9), "4.5");
        assert_eq!(points(6), "3");
        assert_eq!(points(0), "0");
        assert_eq!(difference(2), "+2");
        assert_eq!(difference(-1), "−1");
        assert_eq!(difference(0), "0");
    }

    #[test]
    fn brain_ring_seconds_agree_with_the_number() {
        let got: Vec<String> = [20, 21, 3, 12]
            .iter()
            .map(|n| seconds(Lang::Ru, *n))
            .collect();
        assert_eq!(got, ["20 секунд", "21 секунда", "3 секунды", "12 секунд"]);
    }

    #[test]
    fn brain_ring_log_times_carry_their_sign() {
        assert_eq!(since_arming(Lang::Ru, Some(1_234_000)), "+1.234 с");
        assert_eq!(since_arming(Lang::Ru, Some(-300_000)), "−0.300 с");
        assert_eq!(since_arming(Lang::En, None), "—");
        assert_eq!(gap(Lang::Ru, 37_400), "+0.037 с");
        assert_eq!(millis(Lang::Ru, 420, false), "0.4 мс");
        assert_eq!(millis(Lang::En, -1_500, true), "−1.5 ms");
        assert_eq!(millis(Lang::Ru, -40, true), "0.0 мс");
        assert_eq!(millis(Lang::Ru, 2_460, true), "+2.5 мс");
    }

    #[test]
    fn brain_ring_every_static_text_exists_in_both_languages() {
        for key in Rt::ALL {
            assert!(!key.text(Lang::Ru).is_empty());
            assert!(!key.text(Lang::En).is_empty());
        }
    }
}
