//! Эрудит-квартет's examples for the tests' authorization matrix and fuzz
//! (the `examples` feature): a command of every variant, who may send each
//! by the rules, and a game to play; and, for the leakage test, what its
//! screens may not show and when its events reveal its texts. What must not
//! live here: anything the game itself runs on.

use std::collections::{BTreeMap, BTreeSet};

use super::{
    EruditBoard, EruditCommand, EruditEvent, EruditPlayError, EruditStaffView, EruditTeamView,
    EruditTiming, EruditTournament, GameBoard, PhaseView, QuestionState,
};
use crate::ids::TeamId;
use crate::play::examples::{
    Examples, Forged, HOST, HOST_OR_TEAM, MidGame, Params, Reveals, Senders,
};
use crate::play::games::{GameError, GameSettings};
use crate::time::ServerTime;

impl Examples for EruditTournament {
    type Command = EruditCommand;

    fn commands(p: &Params) -> Vec<EruditCommand> {
        let (a, b, flag, big) = (p.a, p.b, p.flag, p.big);
        vec![
            EruditCommand::LoadPackage {
                file_name: "эрудит.4s".into(),
                bytes: p.text.clone().into_bytes(),
            },
            EruditCommand::SetTiming {
                timing: EruditTiming {
                    lineup_ms: big % 120_000,
                    semi_open_lineup_ms: u64::from(a) * 1_000,
                    silence_ms: u64::from(b) * 1_000,
                },
            },
            EruditCommand::Seed {
                teams: (1..=a % 8).map(TeamId).collect(),
                seed: big,
            },
            EruditCommand::StartGame { group: b },
            EruditCommand::OpenLineup,
            EruditCommand::CloseLineup,
            EruditCommand::SetLineup {
                // A team's captain names no team; the host names the team.
                team: None,
                players: p.players(),
            },
            EruditCommand::Read,
            EruditCommand::EndReading,
            EruditCommand::Reread,
            EruditCommand::Judge { correct: flag },
            EruditCommand::Next,
            // A deciding tie (5.4, 5.5).
            EruditCommand::ShootOffQuestion,
            EruditCommand::ShootOffJudge { correct: flag },
            EruditCommand::ShootOffNobody,
            EruditCommand::DrawLot { seed: big },
        ]
    }

    /// The host runs the groups' games and judges at the table; a captain
    /// sends the team's own line-up (5.7; the host may send it naming the
    /// team, for a laptop that failed).
    fn senders(command: &EruditCommand) -> Senders {
        match command {
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
        }
    }

    fn settings() -> GameSettings {
        GameSettings::Erudit(EruditTiming::default())
    }

    /// 5.7: a captain sets their own team's line-up; naming another team
    /// is refused by the game.
    fn forged(_own: TeamId, other: TeamId) -> Vec<(EruditCommand, Forged)> {
        vec![(
            EruditCommand::SetLineup {
                team: Some(other),
                players: vec!["Игрок 1.1".into()],
            },
            Forged::Refused(GameError::Erudit(EruditPlayError::NotATeam)),
        )]
    }

    /// Added, nothing played yet.
    fn mid_game() -> MidGame {
        MidGame {
            settings: <Self as Examples>::settings(),
            script: Vec::new(),
        }
    }

    /// A theme read «from paper» is named by its number; the package's
    /// themes' titles come with [`Examples::reveals`].
    fn public_names(_game: &EruditTournament, _view: &EruditStaffView) -> Vec<String> {
        (1..=4).map(|r| format!("Тема {r}")).collect()
    }

    /// [`quartet_leaks`] on the team's game.
    fn team_leaks(view: &EruditTeamView, me: TeamId, _own: &BTreeSet<&str>) -> Vec<String> {
        view.board
            .game
            .iter()
            .flat_map(|b| quartet_leaks(b, Some(me)))
            .collect()
    }

    /// [`quartet_leaks`] on the hall's game.
    fn display_leaks(view: &EruditBoard, _sheet: &[String]) -> Vec<String> {
        view.game
            .iter()
            .flat_map(|b| quartet_leaks(b, None))
            .collect()
    }

    /// [`quartet_leaks`] on the game a press changed.
    fn patch_leaks(patch: &GameBoard, own: Option<TeamId>) -> Vec<String> {
        quartet_leaks(patch, own)
    }

    /// A question's text never, its answer and comment from the moment the
    /// question closed — found by replaying the game's events, passing its
    /// deadlines (a silence's end) at their own instants — and every
    /// theme's title, which is public.
    fn reveals(settings: &EruditTiming, events: &[&EruditEvent]) -> Reveals {
        let mut t = EruditTournament {
            timing: settings.clone(),
            ..EruditTournament::default()
        };
        let mut closed = BTreeMap::new();
        for e in events {
            let at = e.at();
            if let (Some(at), Some(deadline)) = (at, t.next_deadline())
                && deadline <= at
            {
                t.advance(deadline);
                closed_now(&t, deadline, &mut closed);
            }
            t.apply_event(e);
            if let Some(at) = at {
                closed_now(&t, at, &mut closed);
            }
        }
        let mut reveals = Reveals::default();
        // Which question of the pool each played question was.
        let mut shown_at = BTreeMap::<(usize, usize), ServerTime>::new();
        for (&(s, g, tour_no, r, n), &at) in &closed {
            let theme = t.stages[s][g]
                .game
                .as_ref()
                .and_then(|game| game.tours.get(tour_no))
                .and_then(|tour| tour.themes.get(r).copied().flatten());
            if let Some(theme) = theme {
                shown_at.insert((theme as usize, n), at);
            }
        }
        for (i, theme) in t.themes.iter().enumerate() {
            reveals.public.push(theme.title.clone());
            for (n, q) in theme.questions.iter().enumerate() {
                let at = shown_at.get(&(i, n)).copied();
                reveals.hidden.push((q.text.clone(), None));
                reveals.hidden.push((q.answer.clone(), at));
                reveals.hidden.extend(q.comment.clone().map(|c| (c, at)));
            }
        }
        reveals
    }
}

/// A question by stage, group, tour, round and number.
type Key = (usize, usize, usize, usize, usize);

/// Notes `at` for every question of `t` closed and not noted before.
fn closed_now(t: &EruditTournament, at: ServerTime, closed: &mut BTreeMap<Key, ServerTime>) {
    for (s, groups) in t.stages.iter().enumerate() {
        for (g, group) in groups.iter().enumerate() {
            let Some(game) = &group.game else { continue };
            for (tour_no, tour) in game.tours.iter().enumerate() {
                for (r, round) in tour.rounds.iter().enumerate() {
                    for (n, q) in round.questions.iter().enumerate() {
                        if matches!(q.state, QuestionState::Closed { .. }) {
                            closed.entry((s, g, tour_no, r, n)).or_insert(at);
                        }
                    }
                }
            }
        }
    }
}

/// A game of four as a team (`own`) or the hall may see it: never a
/// question's text (the host's alone), its answer only once the question
/// is closed, and no other team's line-up while the window is open (5.7).
pub fn quartet_leaks(board: &GameBoard, own: Option<TeamId>) -> Vec<String> {
    let mut found = Vec::new();
    if let Some(q) = &board.question {
        let at = format!("Эрудит-квартет question {}.{}", q.round, q.number);
        if q.text.is_some() {
            found.push(format!("{at}: its text"));
        }
        if !matches!(q.state, QuestionState::Closed { .. }) && q.answer.is_some() {
            found.push(format!("{at}: its answer while {:?}", q.state));
        }
    }
    if let (
        PhaseView::Lineup {
            first_round,
            rounds,
            ..
        },
        Some(tour),
    ) = (&board.phase, &board.tour)
    {
        let window = *first_round as usize..(*first_round + *rounds) as usize;
        for row in tour.lineups.get(window).unwrap_or_default() {
            for (team, player) in board.teams.iter().zip(row) {
                if Some(team.team) != own && player.is_some() {
                    found.push(format!("team {}'s line-up in its window", team.team));
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::erudit::rules::TourKind;
    use crate::play::erudit::{QuartetRow, QuestionBoard, TourBoard};

    /// The Эрудит-квартет checks catch what they look for: a question's
    /// text, its answer before it closed, and another team's line-up in
    /// its window.
    #[test]
    fn the_quartet_checks_find_a_planted_leak() {
        // Arrange: a team's clean board in a line-up window, then a question.
        let (me, other) = (TeamId(2), TeamId(1));
        let row = |team: TeamId| QuartetRow {
            team,
            name: format!("Команда {team}"),
            points: 0,
            players: Vec::new(),
            on: None,
        };
        let lineup = GameBoard {
            stage: 0,
            group: 0,
            teams: vec![row(other), row(me)],
            tour: Some(TourBoard {
                number: 0,
                kind: TourKind::Open,
                themes: vec![None; 4],
                lineups: vec![vec![None, Some("Свой".into())]; 4],
            }),
            phase: PhaseView::Lineup {
                kind: TourKind::Open,
                deadline: ServerTime::from_millis(1_000),
                first_round: 0,
                rounds: 4,
                submitted: vec![true, true],
            },
            question: None,
            tie: None,
            settled: Vec::new(),
        };
        let question = |state, text: Option<&str>, answer: Option<&str>| GameBoard {
            phase: PhaseView::Playing { round: 0 },
            question: Some(QuestionBoard {
                round: 0,
                number: 0,
                value: 10,
                theme: None,
                state,
                text: text.map(String::from),
                answer: answer.map(String::from),
                comment: None,
                presses: Vec::new(),
                attempts: Vec::new(),
            }),
            ..lineup.clone()
        };
        let reading = QuestionState::Reading {
            since: ServerTime::from_millis(0),
        };

        // Act / assert: clean boards pass; each planted leak is found once.
        let closed = question(QuestionState::Closed { by: None }, None, Some("Ответ"));
        assert!(quartet_leaks(&lineup, Some(me)).is_empty());
        assert!(quartet_leaks(&closed, Some(me)).is_empty());
        let mut foreign = lineup.clone();
        if let Some(tour) = foreign.tour.as_mut() {
            tour.lineups[0][0] = Some("Чужой".into());
        }
        for planted in [
            foreign,
            question(reading, Some("Текст вопроса"), None),
            question(reading, None, Some("Ответ")),
        ] {
            assert_eq!(quartet_leaks(&planted, Some(me)).len(), 1, "{planted:?}");
        }
    }
}
