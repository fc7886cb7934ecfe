//! The host's screens at a hall of 10,000 teams:
//! `cargo bench -p minuta-client --bench host_frame [-- --teams N]`.
//!
//! Draws the host's dashboard headless (egui_kittest, egui's own layout and
//! painting, no GPU) for a hall of N teams (default 10,000) — every team
//! registered with its join code, the ChGK table of all of them, a question
//! whose cards fall into 2,000 groups (one of them half the hall), and
//! every card judged in the log — and times frames of each tab that lists
//! teams. The baseline is the same screens for a hall of 100, timed in the
//! same run; the ratio says how a tab's frame grows with the hall (a list
//! drawn whole grows with it, a virtualised one does not).
//!
//! The last line is one JSON object: `{"bench":"host_frame","teams":N,
//! "baseline_teams":100,"worst_tab":…,"frame_ms_p50":…,"frame_ms_max":…,
//! "baseline_frame_ms_p50":…,"ratio":…,"tabs":{tab: p50 ms,…}}`, the worst
//! tab's figures. Nothing is asserted: a person reads the figures. Run
//! without `--bench` (by `cargo test --benches`), it is a quick smoke run
//! with 500 teams.

#![allow(clippy::unwrap_used, clippy::expect_used)]

// The bench uses only part of the tests' shared helpers.
#[allow(dead_code)]
#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Instant;

use minuta_client::i18n::Lang;
use minuta_client::views::brain_ring::RingTab;
use minuta_client::views::chgk::staff::ChgkTab;
use minuta_client::views::games::EventTab;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::play::chgk::Judger;
use minuta_shared::play::chgk::Verdict;
use minuta_shared::play::chgk::view::{AnswerGroup, JudgementEntry, QuestionJudging, StandingRow};
use minuta_shared::play::clock::Phase;
use minuta_shared::time::ServerTime;
use minuta_shared::tournament::Place;
use minuta_shared::wire::view::View;

const BASELINE_TEAMS: u32 = 100;
const FRAMES: usize = 15;

/// The tabs whose content grows with the hall.
const TABS: [(&str, HostTab); 6] = [
    ("teams", HostTab::Teams),
    ("judging", HostTab::Own(EventTab::Chgk(ChgkTab::Judging))),
    (
        "standings",
        HostTab::Own(EventTab::Chgk(ChgkTab::Standings)),
    ),
    ("game", HostTab::Own(EventTab::Chgk(ChgkTab::Game))),
    ("access", HostTab::Access),
    ("ring", HostTab::Own(EventTab::Ring(RingTab::Tournament))),
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bench = args.iter().any(|a| a == "--bench");
    let teams = args
        .windows(2)
        .find(|w| w[0] == "--teams")
        .and_then(|w| w[1].parse().ok())
        .unwrap_or(if bench { 10_000 } else { 500 });
    let frames = if bench { FRAMES } else { 2 };
    println!("host_frame: {teams} teams against {BASELINE_TEAMS}, {frames} frames a tab");
    let hall = tabs(teams, frames);
    let base = tabs(BASELINE_TEAMS, frames);
    let mut worst: Option<(&str, Frames, Frames)> = None;
    for ((name, big), (_, small)) in hall.iter().zip(&base) {
        println!(
            "  {name:<10} p50 {:>8.2} ms  max {:>8.2} ms   ({BASELINE_TEAMS} teams: p50 {:.2} ms)",
            big.p50, big.max, small.p50
        );
        if worst.as_ref().is_none_or(|(_, w, _)| big.p50 > w.p50) {
            worst = Some((name, *big, *small));
        }
    }
    let Some((worst_tab, big, small)) = worst else {
        return;
    };
    let per_tab: Vec<String> = hall
        .iter()
        .map(|(name, f)| format!("\"{name}\":{:.3}", f.p50))
        .collect();
    println!(
        "{{\"bench\":\"host_frame\",\"teams\":{teams},\"baseline_teams\":{BASELINE_TEAMS},\
         \"worst_tab\":\"{worst_tab}\",\"frame_ms_p50\":{:.3},\"frame_ms_max\":{:.3},\
         \"baseline_frame_ms_p50\":{:.3},\"ratio\":{:.2},\"tabs\":{{{}}}}}",
        big.p50,
        big.max,
        small.p50,
        big.p50 / small.p50.max(1e-6),
        per_tab.join(",")
    );
}

#[derive(Clone, Copy)]
struct Frames {
    p50: f64,
    max: f64,
}

/// Each tab's frame times for a hall of `teams`.
fn tabs(teams: u32, frames: usize) -> Vec<(&'static str, Frames)> {
    let state = common::state_at(Lang::Ru, 1_000_000_000_000, View::Host(hall(teams)));
    let mut harness = common::screen(state, HostForm::default(), [1280.0, 900.0], |ui, s, f| {
        common::dashboard(ui, s, f)
    });
    TABS.iter()
        .map(|(name, tab)| {
            harness.state_mut().form.tab = Some(*tab);
            harness.run();
            let mut times: Vec<f64> = (0..frames)
                .map(|_| {
                    let start = Instant::now();
                    harness.step();
                    start.elapsed().as_secs_f64() * 1e3
                })
                .collect();
            times.sort_by(f64::total_cmp);
            let p50 = times[times.len() / 2];
            let max = times[times.len() - 1];
            (*name, Frames { p50, max })
        })
        .collect()
}

/// The host's view of a hall of `count` teams in the middle of a tour.
fn hall(count: u32) -> minuta_shared::wire::view::HostView {
    let mut view = common::host_view();
    let mut teams = common::numbered_teams(count);
    for team in &mut teams {
        team.players = (1..=6).map(|p| format!("Игрок {p}")).collect();
    }
    view.teams = teams;
    let mut access = common::access();
    access.teams = (1..=count)
        .map(|i| (TeamId(i), format!("secret-of-team-{i:05}")))
        .collect();
    view.access = Some(access);
    let chgk = common::staff_chgk(&mut view);
    chgk.clock = common::minute(QuestionId(12), "12", Phase::Minute, 999_990_000_000);
    chgk.standings = (1..=count)
        .map(|i| StandingRow {
            team: TeamId(i),
            name: format!("Команда {i}"),
            town: "Москва".into(),
            place: Place::single(i),
            points: 36 - (i % 36),
            rating: i64::from(count - i),
            mask: "101101110011".into(),
        })
        .collect();
    // One answer of half the hall, the rest in 1,999 small groups.
    let half = count / 2;
    let mut groups = vec![AnswerGroup {
        key: "портфель".into(),
        spellings: vec!["Портфель".into(), "портфель".into()],
        teams: (1..=half).map(TeamId).collect(),
        verdict: Some(Verdict::Correct),
    }];
    let rest: Vec<u32> = (half + 1..=count).collect();
    for (g, chunk) in rest.chunks(rest.len().div_ceil(1999).max(1)).enumerate() {
        groups.push(AnswerGroup {
            key: format!("ответ {g}"),
            spellings: vec![format!("Ответ {g}")],
            teams: chunk.iter().copied().map(TeamId).collect(),
            verdict: None,
        });
    }
    chgk.judging = vec![QuestionJudging {
        question: QuestionId(12),
        number: "12".into(),
        groups,
        late: Vec::new(),
        missing: Vec::new(),
        passes: Vec::new(),
    }];
    chgk.judgement_log = (0..count)
        .map(|i| JudgementEntry {
            question: QuestionId(i % 12),
            number: (i % 12 + 1).to_string(),
            group: format!("ответ {i}"),
            verdict: Verdict::Wrong,
            by: Judger::Host,
            at: ServerTime::from_millis(900_000_000 + u64::from(i)),
        })
        .collect();
    view
}
