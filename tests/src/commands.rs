//! Every command a terminal can send, for the authorization matrix and the
//! fuzz of dispatch: one builder that makes any kind of command ([`KINDS`]
//! of them: `Command`'s own variants and every game command of every
//! registered format) from a few small numbers, the roles the rules let
//! send each ([`senders`], an exhaustive `match`, so a new variant does not
//! compile until someone says who may send it), and the variant names serde
//! knows ([`variant_names`]), so a variant the builder does not make fails
//! a test by name.

use std::collections::BTreeSet;

use serde::Serialize;
use serde::de::DeserializeOwned;

use minuta_shared::identity::Role;
use minuta_shared::ids::{AppealId, GameId, QuestionId, Slice, TeamId, TourId};
use minuta_shared::packages::Question;
use minuta_shared::play::brain_ring::rules::FightFormat;
use minuta_shared::play::brain_ring::{
    EarlyPress, FightId, RingAppealKind, RingCommand, RingTiming,
};
use minuta_shared::play::chgk::{AppealKind, ChgkCommand, ChgkSettings, ShownPicture, Verdict};
use minuta_shared::play::erudit::{EruditCommand, EruditTiming};
use minuta_shared::play::games::{Format, GameCommand, GameSettings};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    AppealNo, MultigamesCommand, MultigamesSettings, TaskAppealKind, TaskDraft, TaskId, TourNo,
};
use minuta_shared::play::neptune::rules::Bid;
use minuta_shared::play::neptune::{
    CardKey, ContestSizes, NeptuneCommand, NeptuneSettings, NeptuneTiming,
};
use minuta_shared::play::own_game::OwnGameCommand;
use minuta_shared::play::settings::{ChgkTiming, TournamentSettings};
use minuta_shared::programme::{Programme, ProgrammeDay, Slot};
use minuta_shared::roster::ImportedTeam;
use minuta_shared::tournament::Place;
use minuta_shared::wire::client::{Command, CutDecision, CutStep, PrizeStep};

/// Every role a connection can have.
pub const ROLES: [Role; 5] = [
    Role::Host,
    Role::Judge,
    Role::Team,
    Role::Display,
    Role::Jury,
];

const HOST: &[Role] = &[Role::Host];
const STAFF: &[Role] = &[Role::Host, Role::Judge];
const TEAM: &[Role] = &[Role::Team];
const HOST_OR_TEAM: &[Role] = &[Role::Host, Role::Team];
const HOST_OR_JURY: &[Role] = &[Role::Host, Role::Jury];

/// Who may send `command`, as the rules say: the host runs the event and
/// every game; judges (besides the host) mark ChGK answers and credit
/// Мультиигры answers; a team hands in its cards and answers, presses its
/// button and appeals; in Эрудит-квартет a captain sends the team's own
/// line-up (5.7; the host may send it naming the team, for a laptop that
/// failed); in Нептун the host (Нептун himself) runs and judges, a captain
/// splits the team, declares, marks its sheet, answers and bids (the host
/// may split or bid naming the team), and a ломтик — a team's terminal too
/// — hands in its card; the appeal jury (АЖ, 6.5) decides Мультиигры appeals; the
/// display sends nothing. Written out here rather than asked
/// of `permitted`, which is what is being tested.
pub fn senders(command: &Command) -> &'static [Role] {
    match command {
        Command::SetUpTournament { .. }
        | Command::RegisterTeam { .. }
        | Command::EditTeam { .. }
        | Command::AddJudge { .. }
        | Command::Qualify { .. }
        | Command::SettleCut { .. }
        | Command::AddGame { .. }
        | Command::SetProgramme { .. }
        | Command::RemoveTeam { .. }
        | Command::ImportTeams { .. }
        | Command::TakeBackAppeals
        | Command::SettlePrizeTie { .. } => HOST,
        Command::Press { .. } => TEAM,
        Command::Game { command, .. } => match command {
            GameCommand::Chgk(c) => match c {
                ChgkCommand::LoadPackage { .. }
                | ChgkCommand::AddQuestion { .. }
                | ChgkCommand::Announce { .. }
                | ChgkCommand::StartMinute
                | ChgkCommand::TakeBackAnnouncement { .. }
                | ChgkCommand::Reveal { .. }
                | ChgkCommand::CloseTour { .. }
                | ChgkCommand::MarkAbsent { .. }
                | ChgkCommand::ShowQuestionOnProjector { .. }
                | ChgkCommand::ShowHandout { .. }
                | ChgkCommand::ShowPicture { .. } => HOST,
                // 6.5: the appeal jury decides ChGK appeals; the host only
                // when the event has none (a rule of the game, not a role).
                ChgkCommand::ResolveAppeal { .. } => HOST_OR_JURY,
                ChgkCommand::Judge { .. } | ChgkCommand::JudgeRestWrong { .. } => STAFF,
                ChgkCommand::SubmitCard { .. } | ChgkCommand::FileAppeal { .. } => TEAM,
            },
            GameCommand::Multigames(c) => match c {
                MultigamesCommand::AddTour { .. }
                | MultigamesCommand::AddTask { .. }
                | MultigamesCommand::Announce { .. }
                | MultigamesCommand::Start { .. }
                | MultigamesCommand::Reveal { .. }
                | MultigamesCommand::Finish => HOST,
                MultigamesCommand::Award { .. } => STAFF,
                MultigamesCommand::Answer { .. } | MultigamesCommand::Appeal { .. } => TEAM,
                // 6.5: «Окончательное решение по апелляции принимает АЖ»;
                // the host when no jury sits (a rule of the game, not a role).
                MultigamesCommand::DecideAppeal { .. } => HOST_OR_JURY,
            },
            GameCommand::Ring(c) => match c {
                // In Brain-ring the host judges at the table (4).
                RingCommand::LoadPackage { .. }
                | RingCommand::SetTiming { .. }
                | RingCommand::Seed { .. }
                | RingCommand::StartNext { .. }
                | RingCommand::Friendly { .. }
                | RingCommand::Read { .. }
                | RingCommand::Arm { .. }
                | RingCommand::Judge { .. }
                | RingCommand::Decide { .. }
                | RingCommand::ResolveAppeal { .. }
                | RingCommand::CloseFight { .. } => HOST,
                RingCommand::Appeal { .. } => TEAM,
            },
            GameCommand::Erudit(c) => match c {
                // The host runs the groups' games and judges at the table.
                EruditCommand::LoadPackage { .. }
                | EruditCommand::SetTiming { .. }
                | EruditCommand::Seed { .. }
                | EruditCommand::StartGame { .. }
                | EruditCommand::OpenLineup
                | EruditCommand::CloseLineup
                | EruditCommand::Read
                | EruditCommand::EndReading
                | EruditCommand::Reread
                | EruditCommand::Judge { .. }
                | EruditCommand::Next
                | EruditCommand::ShootOffQuestion
                | EruditCommand::ShootOffJudge { .. }
                | EruditCommand::ShootOffNobody
                | EruditCommand::DrawLot { .. } => HOST,
                EruditCommand::SetLineup { .. } => HOST_OR_TEAM,
            },
            GameCommand::Neptune(c) => match c {
                // 0.4: Нептун alone runs the game and judges.
                NeptuneCommand::LoadPackage { .. }
                | NeptuneCommand::SetSettings { .. }
                | NeptuneCommand::Register { .. }
                | NeptuneCommand::StartContest
                | NeptuneCommand::Announce { .. }
                | NeptuneCommand::StartMinute
                | NeptuneCommand::Judge { .. }
                | NeptuneCommand::Reveal
                | NeptuneCommand::OpenBidding
                | NeptuneCommand::CloseBidding => HOST,
                // The captain for itself; the host names the team.
                NeptuneCommand::SetSplit { team, .. } | NeptuneCommand::Bid { team, .. } => {
                    if team.is_some() { HOST } else { TEAM }
                }
                NeptuneCommand::Declare { .. }
                | NeptuneCommand::Answer { .. }
                | NeptuneCommand::MarkPhrase { .. } => TEAM,
            },
            // «Своя игра» (the test-only format): the host runs and judges;
            // the teams only press.
            GameCommand::OwnGame(c) => match c {
                OwnGameCommand::Choose { .. }
                | OwnGameCommand::Arm
                | OwnGameCommand::Judge { .. }
                | OwnGameCommand::Close => HOST,
            },
        },
    }
}

/// What a built command is made of: small numbers, so that generated
/// commands name teams, questions, tasks and fights that exist.
#[derive(Clone, Debug)]
pub struct Params {
    pub a: u32,
    pub b: u32,
    pub flag: bool,
    pub text: String,
    pub big: u64,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            a: 1,
            b: 2,
            flag: true,
            text: "текст".into(),
            big: 7,
        }
    }
}

/// How many kinds of command [`command`] builds.
pub const KINDS: usize = 86;

/// The `kind`-th kind of command (`kind` is taken modulo [`KINDS`]), made
/// of `p`; a game command goes to `game_of` its format.
pub fn command(kind: usize, p: &Params, game_of: impl Fn(Format) -> GameId) -> Command {
    let (a, b, flag, big) = (p.a, p.b, p.flag, p.big);
    let text = p.text.clone();
    let team = TeamId(a);
    let players = (0..a % 8).map(|i| format!("Игрок {i}")).collect();
    let chgk = |c: ChgkCommand| Command::game(game_of(Format::Chgk), c);
    let multi = |c: MultigamesCommand| Command::game(game_of(Format::Multigames), c);
    let ring = |c: RingCommand| Command::game(game_of(Format::Ring), c);
    let erudit = |c: EruditCommand| Command::game(game_of(Format::Erudit), c);
    let neptune = |c: NeptuneCommand| Command::game(game_of(Format::Neptune), c);
    let own = |c: OwnGameCommand| Command::game(game_of(Format::OwnGame), c);
    // A captain names no team; the host names the team it acts for.
    let for_team = (!flag).then_some(TeamId(b));
    let credit = Credit::from_int(i64::from(b) - 1);
    let (question, task, fight) = (QuestionId(a), TaskId(a), FightId(a));
    match kind % KINDS {
        0 => Command::SetUpTournament {
            name: text,
            settings: TournamentSettings {
                min_players: a,
                max_players: a + b,
                chgk: ChgkTiming {
                    minute_ms: big % 120_000,
                    warning_before_end_ms: u64::from(b) * 1_000,
                    grace_ms: u64::from(a) * 1_000,
                },
            },
        },
        1 => Command::RegisterTeam {
            name: text,
            town: "Город".into(),
            players,
            rating_id: flag.then_some(b),
        },
        2 => Command::EditTeam {
            team,
            name: text,
            town: "Город".into(),
            players,
            rating_id: None,
        },
        3 => Command::AddJudge { name: text },
        4 => Command::Qualify {
            game: GameId(b),
            places: a,
            seed: big,
            cut: CutDecision {
                shoot_off: vec![vec![TeamId(b)]; (a % 3) as usize],
                lot: flag.then_some(big),
            },
        },
        5 => Command::Press {
            clock_offset_us: big as i64,
        },
        6 => Command::AddGame {
            name: text,
            settings: match a % 4 {
                0 => GameSettings::Chgk(ChgkSettings {}),
                1 => GameSettings::Ring(RingTiming::default()),
                2 => GameSettings::Erudit(EruditTiming::default()),
                _ => GameSettings::Multigames(MultigamesSettings::default()),
            },
        },
        7 => Command::SetProgramme {
            programme: Programme {
                days: (0..a % 3)
                    .map(|d| ProgrammeDay {
                        title: format!("День {d}"),
                        slots: vec![
                            Slot::ChgkTour { tour: TourId(d) },
                            Slot::GameTour {
                                game: GameId(b),
                                tour: d,
                            },
                        ],
                    })
                    .collect(),
            },
        },
        8 => Command::RemoveTeam { team },
        // ---- ChGK
        9 => chgk(ChgkCommand::LoadPackage {
            file_name: "пакет.4s".into(),
            bytes: text.into_bytes(),
            pictures: Vec::new(),
        }),
        10 => chgk(ChgkCommand::AddQuestion {
            tour: TourId(b % 3),
            question: Question {
                text,
                answer: "ответ".into(),
                ..Question::default()
            },
        }),
        11 => chgk(ChgkCommand::Announce { question }),
        12 => chgk(ChgkCommand::StartMinute),
        13 => chgk(ChgkCommand::Reveal { question }),
        14 => chgk(ChgkCommand::CloseTour {
            tour: TourId(b % 3),
        }),
        15 => chgk(ChgkCommand::ResolveAppeal {
            appeal: AppealId(b),
            upheld: flag,
            reply: text,
        }),
        16 => chgk(ChgkCommand::ShowQuestionOnProjector { on: flag }),
        17 => chgk(ChgkCommand::Judge {
            question,
            group: text,
            verdict: if flag {
                Verdict::Correct
            } else {
                Verdict::Wrong
            },
        }),
        18 => chgk(ChgkCommand::SubmitCard { question, text }),
        19 => chgk(ChgkCommand::FileAppeal {
            question,
            kind: if flag {
                AppealKind::AcceptMyAnswer
            } else {
                AppealKind::WithdrawQuestion
            },
            text,
        }),
        // ---- Мультиигры
        20 => multi(MultigamesCommand::AddTour { title: text }),
        21 => multi(MultigamesCommand::AddTask {
            tour: TourNo(b % 3),
            task: TaskDraft {
                title: "Ребус".into(),
                text,
                answer: "ответ".into(),
                comment: String::new(),
                points: credit,
                seconds: a,
            },
        }),
        22 => multi(MultigamesCommand::Announce { task }),
        23 => multi(MultigamesCommand::Start { task }),
        24 => multi(MultigamesCommand::Reveal { task }),
        25 => multi(MultigamesCommand::Finish),
        26 => multi(MultigamesCommand::Award {
            task,
            team: TeamId(b),
            points: credit,
        }),
        27 => multi(MultigamesCommand::Answer { task, text }),
        28 => multi(MultigamesCommand::Appeal {
            task,
            kind: if flag {
                TaskAppealKind::AcceptMyAnswer
            } else {
                TaskAppealKind::TaskIncorrect
            },
            text,
        }),
        29 => multi(MultigamesCommand::DecideAppeal {
            appeal: AppealNo(b),
            upheld: flag,
            points: flag.then_some(credit),
            reply: text,
        }),
        // ---- Брейн-ринг
        30 => ring(RingCommand::SetTiming {
            timing: RingTiming {
                minute_ms: big % 120_000,
                second_chance_ms: u64::from(a) * 1_000,
                tie_window_us: u64::from(b) * 1_000,
                early_press: if flag {
                    EarlyPress::LosesTheQuestion
                } else {
                    EarlyPress::Ignored
                },
            },
        }),
        31 => ring(RingCommand::Seed {
            teams: (1..=a % 8).map(TeamId).collect(),
            seed: big,
        }),
        32 => ring(RingCommand::StartNext { stages: b }),
        33 => ring(RingCommand::Friendly {
            tables: [TeamId(a), TeamId(b)],
            format: FightFormat {
                questions: b,
                sudden_death: flag,
            },
        }),
        34 => ring(RingCommand::Read { fight }),
        35 => ring(RingCommand::Arm { fight }),
        36 => ring(RingCommand::Judge {
            fight,
            correct: flag,
        }),
        37 => ring(RingCommand::Decide {
            fight,
            table: (b % 3) as u8,
        }),
        38 => ring(RingCommand::ResolveAppeal {
            fight,
            appeal: b,
            upheld: flag,
            reply: text,
        }),
        39 => ring(RingCommand::CloseFight { fight }),
        40 => ring(RingCommand::LoadPackage {
            file_name: "брейн.4s".into(),
            bytes: text.clone().into_bytes(),
        }),
        41 => chgk(ChgkCommand::ShowHandout {
            question: flag.then_some(QuestionId(b % 3)),
        }),
        // ---- Эрудит-квартет
        42 => erudit(EruditCommand::LoadPackage {
            file_name: "эрудит.4s".into(),
            bytes: text.clone().into_bytes(),
        }),
        43 => erudit(EruditCommand::SetTiming {
            timing: EruditTiming {
                lineup_ms: big % 120_000,
                semi_open_lineup_ms: u64::from(a) * 1_000,
                silence_ms: u64::from(b) * 1_000,
            },
        }),
        44 => erudit(EruditCommand::Seed {
            teams: (1..=a % 8).map(TeamId).collect(),
            seed: big,
        }),
        45 => erudit(EruditCommand::StartGame { group: b }),
        46 => erudit(EruditCommand::OpenLineup),
        47 => erudit(EruditCommand::CloseLineup),
        48 => erudit(EruditCommand::SetLineup {
            // A team's captain names no team; the host names the team.
            team: None,
            players,
        }),
        49 => erudit(EruditCommand::Read),
        50 => erudit(EruditCommand::EndReading),
        51 => erudit(EruditCommand::Reread),
        52 => erudit(EruditCommand::Judge { correct: flag }),
        53 => erudit(EruditCommand::Next),
        54 => ring(RingCommand::Appeal {
            fight,
            kind: if flag {
                RingAppealKind::AcceptOurAnswer
            } else {
                RingAppealKind::QuestionIncorrect
            },
            text,
        }),
        // ---- Нептун
        55 => neptune(NeptuneCommand::LoadPackage {
            file_name: "нептун.json".into(),
            bytes: text.into_bytes(),
        }),
        56 => neptune(NeptuneCommand::SetSettings {
            settings: NeptuneSettings {
                timing: NeptuneTiming {
                    minute_ms: big % 120_000,
                    grace_ms: u64::from(a) * 1_000,
                    blitz_step_ms: u64::from(b) * 1_000,
                    joker_topics_ms: u64::from(b) * 500,
                    count_step_ms: u64::from(a) * 700,
                },
                sizes: ContestSizes::shortened(a),
            },
        }),
        57 => neptune(NeptuneCommand::Register {
            teams: (1..=a % 8).map(TeamId).collect(),
        }),
        58 => neptune(NeptuneCommand::StartContest),
        59 => neptune(NeptuneCommand::Announce {
            rating: flag.then_some(b * 10),
        }),
        60 => neptune(NeptuneCommand::StartMinute),
        61 => neptune(NeptuneCommand::Judge {
            cards: vec![if flag {
                CardKey::team(team)
            } else {
                CardKey::slice(team, Slice::Top)
            }],
            part: (b % 5) as u8,
            correct: flag,
        }),
        62 => neptune(NeptuneCommand::Reveal),
        63 => neptune(NeptuneCommand::OpenBidding),
        64 => neptune(NeptuneCommand::CloseBidding),
        65 => neptune(NeptuneCommand::SetSplit {
            team: for_team,
            top: players,
            bottom: vec![format!("Игрок {b}")],
        }),
        66 => neptune(NeptuneCommand::Bid {
            team: for_team,
            bid: if a % 2 == 0 {
                Bid::VaBank
            } else {
                Bid::Amount(b * 10 + (big % 7) as u32 * 5 + 30)
            },
        }),
        67 => neptune(NeptuneCommand::Declare { count: b }),
        68 => neptune(NeptuneCommand::Answer {
            answers: (0..=a % 4).map(|_| text.clone()).collect(),
            slice: (!flag).then_some(if b % 2 == 0 {
                Slice::Top
            } else {
                Slice::Bottom
            }),
        }),
        69 => neptune(NeptuneCommand::MarkPhrase {
            phrase: b,
            marked: flag,
        }),
        70 => Command::ImportTeams {
            teams: vec![ImportedTeam {
                rating_id: flag.then_some(b),
                name: text,
                town: "Город".into(),
                players,
                ..ImportedTeam::default()
            }],
        },
        71 => chgk(ChgkCommand::JudgeRestWrong { question }),
        72 => chgk(ChgkCommand::TakeBackAnnouncement { question }),
        73 => chgk(ChgkCommand::ShowPicture {
            picture: flag.then_some(ShownPicture {
                question: QuestionId(b % 3),
                index: a % 2,
            }),
        }),
        74 => chgk(ChgkCommand::MarkAbsent {
            team: TeamId(b),
            tour: TourId(a % 3),
            absent: flag,
        }),
        // ---- Эрудит-квартет: a deciding tie (5.4, 5.5)
        75 => erudit(EruditCommand::ShootOffQuestion),
        76 => erudit(EruditCommand::ShootOffJudge { correct: flag }),
        77 => erudit(EruditCommand::ShootOffNobody),
        78 => erudit(EruditCommand::DrawLot { seed: big }),
        // ---- «Своя игра», the test-only format
        79 => own(OwnGameCommand::Choose { question: b % 6 }),
        80 => own(OwnGameCommand::Arm),
        81 => own(OwnGameCommand::Judge { right: flag }),
        82 => own(OwnGameCommand::Close),
        // ---- 2.2: a tie at a prize place, one step
        84 => Command::SettlePrizeTie {
            game: GameId(b),
            place: Place {
                first: a.max(1),
                last: a.max(1) + 1,
            },
            step: match a % 3 {
                0 => PrizeStep::ShootOff {
                    right: vec![TeamId(b)],
                },
                1 => PrizeStep::Lot { seed: big },
                _ => PrizeStep::Shared,
            },
        },
        // ---- 6.5: the host takes the appeals back from a jury gone (last:
        // a jury terminal connecting after it seats the jury again, an
        // event the authorization test would count)
        85 => Command::TakeBackAppeals,
        // ---- the tie at a qualification cut, one step (4.3, 5.2)
        // 83
        _ => Command::SettleCut {
            game: GameId(b),
            places: a,
            seed: big,
            step: if flag {
                CutStep::Lot { seed: big }
            } else {
                CutStep::ShootOff {
                    right: vec![TeamId(b)],
                }
            },
        },
    }
}

/// One command of every kind, made of `p`.
pub fn every_command(p: &Params, game_of: impl Fn(Format) -> GameId) -> Vec<Command> {
    (0..KINDS).map(|k| command(k, p, &game_of)).collect()
}

/// A command's kind by name: `RegisterTeam`, or `Chgk::SubmitCard` for a
/// game's command (serde's externally tagged names).
pub fn kind_name(command: &Command) -> String {
    /// The variant's name of an externally tagged enum value.
    fn tag(value: &serde_json::Value) -> (String, Option<&serde_json::Value>) {
        match value {
            serde_json::Value::String(unit) => (unit.clone(), None),
            serde_json::Value::Object(map) => match map.iter().next() {
                Some((name, inner)) => (name.clone(), Some(inner)),
                None => (String::new(), None),
            },
            other => (other.to_string(), None),
        }
    }
    let value = serde_json::to_value(command).unwrap_or_default();
    let (name, body) = tag(&value);
    if name != "Game" {
        return name;
    }
    let Some(game_command) = body.and_then(|b| b.get("command")) else {
        return name;
    };
    let (format, inner) = tag(game_command);
    let inner = inner.map(|i| tag(i).0).unwrap_or_default();
    format!("{format}::{inner}")
}

/// Every variant name serde knows for the enum `T`, read from the error it
/// gives for a name it does not know («expected one of `A`, `B`, …»).
pub fn variant_names<T: DeserializeOwned>() -> BTreeSet<String> {
    let error = match serde_json::from_str::<T>(r#""no such variant""#) {
        Ok(_) => return BTreeSet::new(),
        Err(e) => e.to_string(),
    };
    let listed = error
        .split_once("expected one of")
        .or_else(|| error.split_once("expected"))
        .map(|(_, rest)| rest)
        .unwrap_or_default();
    listed
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// Every kind of command the wire has, by [`kind_name`]: `Command`'s
/// variants but `Game`, and `Format::Variant` for every variant of every
/// registered format's command. A format this function does not know is
/// named `Format::?` so that it never matches what the builder makes.
pub fn kinds_on_the_wire() -> BTreeSet<String> {
    let mut kinds: BTreeSet<String> = variant_names::<Command>()
        .into_iter()
        .filter(|k| k != "Game")
        .collect();
    for format in variant_names::<GameCommand>() {
        let inner = match format.as_str() {
            "Chgk" => variant_names::<ChgkCommand>(),
            "Multigames" => variant_names::<MultigamesCommand>(),
            "Ring" => variant_names::<RingCommand>(),
            "Erudit" => variant_names::<EruditCommand>(),
            "Neptune" => variant_names::<NeptuneCommand>(),
            "OwnGame" => variant_names::<OwnGameCommand>(),
            _ => BTreeSet::from(["?".to_owned()]),
        };
        kinds.extend(inner.into_iter().map(|c| format!("{format}::{c}")));
    }
    kinds
}

/// The field names anywhere in a serialized value (struct fields and map
/// keys; not enum variant tags, which serde writes as keys too, so those
/// are left in: a caller looks for a name that is no variant's).
pub fn field_names<T: Serialize>(value: &T) -> BTreeSet<String> {
    fn walk(value: &serde_json::Value, out: &mut BTreeSet<String>) {
        match value {
            serde_json::Value::Object(map) => {
                for (key, inner) in map {
                    out.insert(key.clone());
                    walk(inner, out);
                }
            }
            serde_json::Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    walk(&serde_json::to_value(value).unwrap_or_default(), &mut out);
    out
}
