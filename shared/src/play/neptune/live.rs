//! Нептун's face to the server core: [`LiveFormat`] for [`NeptuneMatch`] —
//! who may send which command, the server's count to three (6.3) as stored
//! events, the ломтики's own views (2.3) and a restart during the bidding;
//! its results, and its capabilities: patched screens, packages, its own
//! events, ломтики.

use super::AuctionBoard;
use super::{
    NeptuneBoard, NeptuneCommand, NeptuneEvent, NeptuneMatch, NeptunePlayError, NeptuneReceipt,
    NeptuneSettings, NeptuneStaffView, NeptuneTeamView,
};
use crate::identity::{Identity, Role};
use crate::ids::{Slice, TeamId};
use crate::jury_protocol::Protocol;
use crate::packages::media::{MediaFile, MediaHash, PackageFile};
use crate::play::format::{
    Decided, HallPatch, Labels, LiveFormat, Progress, Results, Touched, TourState,
};
use crate::play::format::{OwnEvents, Packages, Patches, Slices};
use crate::play::neptune::rules::Contest;
use crate::play::neptune::sheet::NeptuneSheet;
use crate::play::replay::{Known, ReplayError};
use crate::play::roster::Roster;
use crate::sheet::output::{OrderedMap, Scored};
use crate::sheet::{Scoresheet, SheetError};
use crate::time::ServerTime;
use crate::tournament::{Place, rank_by};

impl LiveFormat for NeptuneMatch {
    const FORMAT: &'static str = "neptune";
    const TITLE: &'static str = "Нептун";
    type Settings = NeptuneSettings;
    type Command = NeptuneCommand;
    type Event = NeptuneEvent;
    type Receipt = NeptuneReceipt;
    type Error = NeptunePlayError;
    type StaffView = NeptuneStaffView;
    type TeamView = NeptuneTeamView;
    type DisplayView = NeptuneBoard;
    /// 6.3: a bid's auction desk, the moment the bid is durable.
    type Patch = AuctionBoard;
    type Sheet = NeptuneSheet;
    const PATCHES: Option<&'static dyn Patches<Self>> = Some(&NeptunePatches);
    const PACKAGES: Option<&'static dyn Packages<Self>> = Some(&NeptunePackages);
    const OWN_EVENTS: Option<&'static dyn OwnEvents<Self>> = Some(&NeptuneOwnEvents);
    const SLICES: Option<&'static dyn Slices<Self>> = Some(&NeptuneSlices);

    fn new(settings: &NeptuneSettings) -> Self {
        NeptuneMatch::new(settings)
    }

    fn validate(settings: &NeptuneSettings) -> Result<(), NeptunePlayError> {
        settings.validate().map_err(NeptunePlayError::Settings)
    }

    fn permitted(role: Role, command: &NeptuneCommand) -> bool {
        use NeptuneCommand as C;
        match command {
            // 0.4: Нептун (the host) alone runs the game and judges.
            C::LoadPackage { .. }
            | C::SetSettings { .. }
            | C::Register { .. }
            | C::StartContest
            | C::Announce { .. }
            | C::StartMinute
            | C::Judge { .. }
            | C::Reveal
            | C::OpenBidding
            | C::CloseBidding => role == Role::Host,
            // The captain for its team, or the host for a team by hand.
            C::SetSplit { team, .. } | C::Bid { team, .. } => match team {
                None => role == Role::Team,
                Some(_) => role == Role::Host,
            },
            C::Declare { .. } | C::Answer { .. } | C::MarkPhrase { .. } => role == Role::Team,
        }
    }

    fn decide(
        &self,
        who: Identity,
        command: NeptuneCommand,
        roster: &Roster,
        now: ServerTime,
    ) -> Result<Decided<Self>, NeptunePlayError> {
        NeptuneMatch::decide(self, who, command, roster, now)
    }

    fn apply(&mut self, event: &NeptuneEvent) -> Touched {
        NeptuneMatch::apply(self, event)
    }

    fn poll_timeout(&self, now: ServerTime) -> Option<ServerTime> {
        // The count's end is due even when it has passed: its event waits.
        match self.count_ends_at() {
            Some(end) if end <= now => Some(end),
            // A signal passed while the server was busy (deciding a command
            // that came after it) is still due: counted from the last
            // instant it was woken at, not from now, or no screen would
            // ever be told (a Блицкриг step's end, a minute's).
            _ => self.next_signal(self.signalled),
        }
    }

    fn handle_timeout(&mut self, now: ServerTime) -> Touched {
        let since = self.signalled;
        self.signalled = now;
        match self.next_signal(since) {
            Some(signal) if signal <= now => Touched::everyone(),
            _ => Touched::nobody(),
        }
    }

    fn staff_view(&self, roster: &Roster, now: ServerTime) -> NeptuneStaffView {
        NeptuneMatch::staff_view(self, roster, now)
    }

    fn team_view(&self, team: TeamId, roster: &Roster, now: ServerTime) -> NeptuneTeamView {
        NeptuneMatch::team_view(self, team, None, roster, now)
    }

    fn display_view(&self, roster: &Roster, now: ServerTime) -> NeptuneBoard {
        NeptuneMatch::display_view(self, roster, now)
    }

    fn sheet(&self, roster: &Roster) -> NeptuneSheet {
        self.scoresheet(roster)
    }

    /// Replay: every team a stored event names is registered.
    fn check_replay(&self, event: &NeptuneEvent, known: &dyn Known) -> Result<(), ReplayError> {
        use NeptuneEvent as E;
        match event {
            E::Registered { teams } => teams.iter().try_for_each(|(t, _)| known.team_exists(*t)),
            E::CardHandedIn { key, .. } => known.team_exists(key.team),
            E::Judged { cards, .. } => cards.iter().try_for_each(|k| known.team_exists(k.team)),
            E::SplitSet { team, .. }
            | E::Declared { team, .. }
            | E::PhraseMarked { team, .. }
            | E::BidPlaced { team, .. } => known.team_exists(*team),
            E::PackageLoaded { .. }
            | E::SettingsSet { .. }
            | E::ContestStarted { .. }
            | E::Announced { .. }
            | E::MinuteStarted { .. }
            | E::Revealed { .. }
            | E::BiddingOpened { .. }
            | E::CountEnded { .. }
            | E::CountRestarted { .. } => Ok(()),
        }
    }
}

impl Results for NeptuneMatch {
    const BEFORE_CHGK_TOURS: bool = false;

    fn standings(&self, roster: &Roster) -> Vec<OrderedMap> {
        self.standings_table(roster)
    }

    fn protocol_section(&self, protocol: &mut Protocol, roster: &Roster, title: &str) {
        super::protocol::section(protocol, roster, title, self);
    }

    fn finished(&self) -> bool {
        NeptuneMatch::finished(self)
    }

    fn staff_progress(view: &NeptuneStaffView) -> Progress {
        Progress {
            in_use: !view.teams.is_empty(),
            finished: view.board.finished,
        }
    }

    /// 0.1: the six contests are the programme's tours.
    fn tour(&self, tour: u32) -> Option<TourState> {
        let contest = *Contest::ALL.get(tour as usize)?;
        let play = self.played.iter().find(|p| p.contest == contest);
        Some(TourState {
            title: contest_title(contest).into(),
            started: play.is_some(),
            done: play.is_some_and(|p| self.contest_done(p)),
        })
    }

    fn places(&self, _roster: &Roster) -> Vec<(TeamId, Place)> {
        let totals = self.whole_score().totals;
        let rows: Vec<(TeamId, i64)> = self
            .entrants
            .iter()
            .zip(totals)
            .map(|(e, t)| (e.team, t))
            .collect();
        rank_by(rows, |(_, total)| *total)
            .into_iter()
            .map(|r| (r.item.0, r.place))
            .collect()
    }

    fn has_played(&self, team: TeamId) -> bool {
        self.played
            .iter()
            .flat_map(|p| &p.questions)
            .any(|q| q.cards.keys().any(|k| k.team == team))
            || self.declarations.contains_key(&team)
            || self
                .auction
                .as_ref()
                .is_some_and(|a| a.log.iter().flatten().any(|b| b.team == team))
    }
}

impl Labels for NeptuneMatch {
    fn event_kind(_event: &NeptuneEvent) -> &'static str {
        "game"
    }

    /// A card, a captain's bid, declaration and split show their receipt
    /// or refusal on the team's own screen; a mark on the Негатив sheet and
    /// the host's steps are seen at once where clicked (a refusal does get
    /// a toast).
    fn outcome_in_place(command: &NeptuneCommand, succeeded: bool) -> bool {
        match command {
            NeptuneCommand::Answer { .. }
            | NeptuneCommand::Declare { .. }
            | NeptuneCommand::Bid { team: None, .. }
            | NeptuneCommand::SetSplit { team: None, .. } => true,
            NeptuneCommand::MarkPhrase { .. }
            | NeptuneCommand::Bid { team: Some(_), .. }
            | NeptuneCommand::SetSplit { team: Some(_), .. }
            | NeptuneCommand::StartContest
            | NeptuneCommand::Announce { .. }
            | NeptuneCommand::StartMinute
            | NeptuneCommand::Judge { .. }
            | NeptuneCommand::Reveal
            | NeptuneCommand::OpenBidding
            | NeptuneCommand::CloseBidding => succeeded,
            // Their receipts say what was loaded and who plays.
            NeptuneCommand::LoadPackage { .. }
            | NeptuneCommand::SetSettings { .. }
            | NeptuneCommand::Register { .. } => false,
        }
    }
}

/// Issue 42: a bid patched into every screen once it is durable.
struct NeptunePatches;

impl Patches<NeptuneMatch> for NeptunePatches {
    fn commit_patch(
        &self,
        game: &NeptuneMatch,
        event: &NeptuneEvent,
        roster: &Roster,
    ) -> Option<HallPatch<AuctionBoard>> {
        // 6.3: a bid changes the auction desk alone (the standing bid, the
        // count started again from it), the same for the whole hall: 20
        // captains' screens must see it at once, not after 22 whole views.
        if !matches!(event, NeptuneEvent::BidPlaced { .. }) {
            return None;
        }
        let board = game.auction_board(roster)?;
        Some(HallPatch {
            staff: board.clone(),
            public: board,
        })
    }

    fn patch_staff(&self, view: &mut NeptuneStaffView, patch: &AuctionBoard) -> bool {
        view.board.patch_auction(patch)
    }

    fn patch_team(&self, view: &mut NeptuneTeamView, patch: &AuctionBoard) -> bool {
        view.patch_auction(patch)
    }

    fn patch_display(&self, view: &mut NeptuneBoard, patch: &AuctionBoard) -> bool {
        view.patch_auction(patch)
    }
}

/// A Нептун question package (no pictures).
struct NeptunePackages;

impl Packages<NeptuneMatch> for NeptunePackages {
    fn load_package(
        &self,
        file_name: String,
        bytes: Vec<u8>,
        _pictures: Vec<PackageFile>,
    ) -> NeptuneCommand {
        NeptuneCommand::LoadPackage { file_name, bytes }
    }

    fn loaded_file<'c>(&self, command: &'c NeptuneCommand) -> Option<&'c str> {
        match command {
            NeptuneCommand::LoadPackage { file_name, .. } => Some(file_name),
            _ => None,
        }
    }

    fn command_media(&self, _command: &NeptuneCommand) -> Vec<MediaFile> {
        Vec::new()
    }

    fn shown_media(&self, _game: &NeptuneMatch) -> Vec<MediaHash> {
        Vec::new()
    }
}

/// 6.3: the server's count to three; a restart during the bidding.
struct NeptuneOwnEvents;

impl OwnEvents<NeptuneMatch> for NeptuneOwnEvents {
    fn timeout_events(&self, game: &NeptuneMatch, now: ServerTime) -> Vec<NeptuneEvent> {
        // 6.3: «три» with nobody raising a hand ends the bidding; stored at
        // the instant of «три», whenever the server gets to it.
        match game.count_ends_at() {
            Some(end) if end <= now => vec![NeptuneEvent::CountEnded { at: end }],
            _ => Vec::new(),
        }
    }

    /// Issue 14: killed during the bidding, the server comes back with the
    /// standing bid and a fresh count (and a notice on the host's desk).
    fn restarted(&self, game: &mut NeptuneMatch, now: ServerTime) -> Vec<NeptuneEvent> {
        if game.count_ends_at().is_some() {
            vec![NeptuneEvent::CountRestarted { at: now }]
        } else {
            Vec::new()
        }
    }
}

/// 2.3: each ломтик sees its own view.
struct NeptuneSlices;

impl Slices<NeptuneMatch> for NeptuneSlices {
    fn slice_view(
        &self,
        game: &NeptuneMatch,
        team: TeamId,
        slice: Slice,
        roster: &Roster,
        now: ServerTime,
    ) -> NeptuneTeamView {
        NeptuneMatch::team_view(game, team, Some(slice), roster, now)
    }
}

/// A contest's name as the programme prints it (Russian, as the rules).
pub fn contest_title(contest: Contest) -> &'static str {
    match contest {
        Contest::Negative => "Негатив",
        Contest::Sandwich => "Сэндвич",
        Contest::Blitz => "Блицкриг",
        Contest::Sisyphus => "Сизиф",
        Contest::Joker => "Джокер",
        Contest::Auction => "Аукцион",
    }
}

/// The `neptune` sheet, scored as `minuta-server score` prints it.
impl Scoresheet for NeptuneSheet {
    fn score(&self) -> Result<Scored, SheetError> {
        crate::play::neptune::sheet::score(self)
    }
}
