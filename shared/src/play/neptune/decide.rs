//! Commands checked against the game and turned into events: the rules'
//! refusals (0.2 players, 2.2 splits, 5.2 declarations, 6.2–6.4 bids) and
//! the game's order of steps. Never changes the game.

use super::error::BidRefusal;
use super::view::Stage;
use super::{
    CardKey, NeptuneCommand, NeptuneEvent, NeptuneMatch, NeptunePackage, NeptunePlayError,
    NeptuneReceipt,
};
use crate::identity::Identity;
use crate::ids::{Slice, TeamId};
use crate::play::neptune::rules::{Bid, Contest, NeptuneError};
use crate::play::roster::Roster;
use crate::time::ServerTime;

type E = NeptunePlayError;
type Decided = (NeptuneReceipt, Vec<NeptuneEvent>);

/// 0.2: «от 4 до 6 игроков включительно».
pub const PLAYERS: std::ops::RangeInclusive<usize> = 4..=6;
/// The longest answer a card takes.
const ANSWER_MAX_CHARS: usize = 500;

fn done(event: NeptuneEvent) -> Result<Decided, E> {
    Ok((NeptuneReceipt::Done, vec![event]))
}

impl NeptuneMatch {
    pub fn decide(
        &self,
        who: Identity,
        command: NeptuneCommand,
        roster: &Roster,
        now: ServerTime,
    ) -> Result<Decided, E> {
        use NeptuneCommand as C;
        match command {
            C::LoadPackage { file_name, bytes } => {
                self.before_start()?;
                let package = NeptunePackage::parse(&file_name, &bytes).map_err(E::Package)?;
                let questions = super::project::package_counts(&package).iter().sum();
                Ok((
                    NeptuneReceipt::PackageLoaded {
                        title: package.title.clone(),
                        questions,
                    },
                    vec![NeptuneEvent::PackageLoaded { package }],
                ))
            }
            C::SetSettings { settings } => {
                self.before_start()?;
                settings.validate().map_err(E::Settings)?;
                done(NeptuneEvent::SettingsSet { settings })
            }
            C::Register { teams } => self.decide_register(teams, roster),
            C::StartContest => self.decide_start_contest(now),
            C::Announce { rating } => self.decide_announce(rating, now),
            C::StartMinute => self.decide_start_minute(now),
            C::Judge {
                cards,
                part,
                correct,
            } => self.decide_judge(cards, part, correct),
            C::Reveal => self.decide_reveal(now),
            C::OpenBidding => self.decide_open_bidding(now),
            C::CloseBidding => {
                if self.stage(now) != Stage::Bidding {
                    return Err(E::BiddingClosed);
                }
                done(NeptuneEvent::CountEnded { at: now })
            }
            C::SetSplit { team, top, bottom } => {
                let team = self.acting_team(who, team)?;
                self.decide_split(team, top, bottom)
            }
            C::Bid { team, bid } => {
                let by_host = who == Identity::Host;
                let team = self.acting_team(who, team)?;
                self.decide_bid(team, bid, by_host, now)
            }
            C::Declare { count } => {
                let Identity::Team(team) = who else {
                    return Err(E::NotATeam);
                };
                self.decide_declare(team, count, now)
            }
            C::Answer { answers, slice } => self.decide_answer(who, slice, answers, now),
            C::MarkPhrase { phrase, marked } => {
                let Identity::Team(team) = who else {
                    return Err(E::NotATeam);
                };
                self.playing(team)?;
                let phrases = self
                    .package
                    .as_ref()
                    .map_or(0, |p| p.negative.phrases.len());
                if phrase as usize >= phrases {
                    return Err(E::NoSuchPhrase { phrase });
                }
                done(NeptuneEvent::PhraseMarked {
                    team,
                    phrase,
                    marked,
                })
            }
        }
    }

    fn before_start(&self) -> Result<(), E> {
        if self.started() {
            Err(E::AlreadyStarted)
        } else {
            Ok(())
        }
    }

    fn playing(&self, team: TeamId) -> Result<(), E> {
        self.entrant(team).map(|_| ()).ok_or(E::NotPlaying)
    }

    /// The team a captain acts for (itself), or the team the host names.
    fn acting_team(&self, who: Identity, named: Option<TeamId>) -> Result<TeamId, E> {
        let team = match (who, named) {
            (Identity::Team(team), None) => team,
            (Identity::Host, Some(team)) => team,
            _ => return Err(E::NotATeam),
        };
        self.playing(team)?;
        Ok(team)
    }

    fn decide_register(&self, teams: Vec<TeamId>, roster: &Roster) -> Result<Decided, E> {
        self.before_start()?;
        if teams.is_empty() {
            return Err(E::NoTeams);
        }
        let mut entrants = Vec::new();
        for (i, team) in teams.iter().enumerate() {
            if teams[..i].contains(team) {
                return Err(E::TeamTwice);
            }
            let registered = roster.get(*team).ok_or(E::NoSuchTeam)?;
            // 0.2: four to six players.
            if !PLAYERS.contains(&registered.players.len()) {
                return Err(E::PlayerCount {
                    team: registered.name.clone(),
                    players: registered.players.len() as u32,
                });
            }
            entrants.push((*team, registered.players.clone()));
        }
        done(NeptuneEvent::Registered { teams: entrants })
    }

    fn decide_start_contest(&self, now: ServerTime) -> Result<Decided, E> {
        if self.entrants.is_empty() {
            return Err(E::NoTeams);
        }
        if let Some(play) = self.current()
            && !self.contest_done(play)
        {
            return Err(E::ContestUnfinished);
        }
        let next = self.next_contest().ok_or(E::GameOver)?;
        // A package may leave a contest out (the host reads from paper),
        // but one it covers must have enough questions.
        if let Some(package) = &self.package {
            let found = package.count(next) as u32;
            if found > 0 && found < self.size(next) {
                return Err(E::PackageShort {
                    contest: next.key().into(),
                    found,
                    needed: self.size(next),
                });
            }
        }
        done(NeptuneEvent::ContestStarted { at: now })
    }

    fn decide_announce(&self, rating: Option<u32>, now: ServerTime) -> Result<Decided, E> {
        let play = self.current().ok_or(E::NoContest)?;
        match self.stage(now) {
            Stage::Between { .. } | Stage::Finished => return Err(E::NoContest),
            Stage::Topics { .. } => return Err(E::StillAnswering),
            Stage::SettingUp => return Err(E::NoTeams),
            Stage::ContestOpen | Stage::Revealed if play.contest == Contest::Auction => {
                return Err(E::BiddingClosed);
            }
            Stage::ContestOpen | Stage::Revealed | Stage::Sold => {}
            Stage::Bidding => return Err(E::BiddingOpen),
            Stage::Announced
            | Stage::Minute { .. }
            | Stage::BetweenSteps { .. }
            | Stage::Judging => return Err(E::QuestionOpen),
        }
        if play.contest != Contest::Auction
            && play.questions.len() as u32 >= self.size(play.contest)
        {
            return Err(E::ContestDone);
        }
        let rating = if play.contest == Contest::Negative {
            // 1.3: the rating is announced before the question.
            let suggested = self
                .package
                .as_ref()
                .and_then(|p| p.negative.questions.get(play.questions.len()))
                .and_then(|q| q.rating);
            let rating = rating.or(suggested).ok_or(E::RatingNeeded)?;
            if rating == 0 {
                return Err(E::ZeroRating);
            }
            Some(rating)
        } else if rating.is_some() {
            return Err(E::RatingNotHere);
        } else {
            None
        };
        done(NeptuneEvent::Announced { rating, at: now })
    }

    fn decide_start_minute(&self, now: ServerTime) -> Result<Decided, E> {
        match self.stage(now) {
            Stage::Announced | Stage::BetweenSteps { .. } => {
                done(NeptuneEvent::MinuteStarted { at: now })
            }
            Stage::Minute { .. } => Err(E::MinuteRunning),
            Stage::Judging => Err(E::BlockRead),
            _ => Err(E::NoQuestion),
        }
    }

    /// The question in play, open for cards and verdicts.
    fn open_question(&self) -> Result<(Contest, &super::game::QuestionPlay), E> {
        let play = self.current().ok_or(E::NoContest)?;
        let q = play.questions.last().ok_or(E::NoQuestion)?;
        if q.revealed_at.is_some() {
            return Err(E::NoQuestion);
        }
        Ok((play.contest, q))
    }

    fn decide_answer(
        &self,
        who: Identity,
        slice: Option<Slice>,
        answers: Vec<String>,
        now: ServerTime,
    ) -> Result<Decided, E> {
        let (team, own_slice) = match who {
            Identity::Team(team) => (team, None),
            Identity::Slice(team, own) => (team, Some(own)),
            _ => return Err(E::NotATeam),
        };
        self.playing(team)?;
        let (contest, q) = self.open_question().map_err(|e| match e {
            E::NoQuestion
                if self
                    .current_question()
                    .is_some_and(|q| q.revealed_at.is_some()) =>
            {
                E::TooLate
            }
            other => other,
        })?;
        let key = match (contest, own_slice, slice) {
            // 2.3: in Сэндвич each ломтик answers from its own terminal.
            (Contest::Sandwich, None, _) => return Err(E::SlicesAnswer),
            (Contest::Sandwich, Some(own), Some(named)) if named != own => {
                return Err(E::OtherSlice);
            }
            (Contest::Sandwich, Some(own), _) => CardKey::slice(team, own),
            (_, Some(_), _) => return Err(E::NotSandwich),
            (_, None, Some(_)) => return Err(E::NotSandwich),
            (_, None, None) => CardKey::team(team),
        };
        let (_, accept_until) = self.deadlines(contest, q).ok_or(E::NotStarted)?;
        if q.cards.contains_key(&key) {
            return Err(E::AlreadyAnswered);
        }
        let expected = Self::answers_per_card(contest);
        if answers.len() != expected {
            return Err(E::AnswerCount {
                expected: expected as u32,
            });
        }
        if answers.iter().any(|a| a.chars().count() > ANSWER_MAX_CHARS) {
            return Err(E::AnswerTooLong);
        }
        let answers: Vec<String> = answers.iter().map(|a| a.trim().to_string()).collect();
        let late = now > accept_until;
        Ok((
            NeptuneReceipt::Card {
                received_at: now,
                late,
            },
            vec![NeptuneEvent::CardHandedIn {
                key,
                answers,
                at: now,
                late,
            }],
        ))
    }

    fn decide_judge(&self, cards: Vec<CardKey>, part: u8, correct: bool) -> Result<Decided, E> {
        let (_, q) = self.open_question()?;
        if cards.is_empty() {
            return Err(E::NoSuchCard);
        }
        for key in &cards {
            let card = q.cards.get(key).ok_or(E::NoSuchCard)?;
            if card.late {
                return Err(E::LateCard);
            }
            if usize::from(part) >= card.answers.len() {
                return Err(E::NoSuchPart);
            }
        }
        done(NeptuneEvent::Judged {
            cards,
            part,
            correct,
        })
    }

    fn decide_reveal(&self, now: ServerTime) -> Result<Decided, E> {
        match self.stage(now) {
            Stage::Judging => {}
            Stage::Minute { .. } | Stage::BetweenSteps { .. } => return Err(E::StillAnswering),
            Stage::Announced => return Err(E::NotStarted),
            _ => return Err(E::NoQuestion),
        }
        let (_, q) = self.open_question()?;
        // 0.4: the host decides every answer before the hall learns them.
        if !q.cards.values().all(|c| c.judged()) {
            return Err(E::Unjudged);
        }
        done(NeptuneEvent::Revealed { at: now })
    }

    fn decide_open_bidding(&self, now: ServerTime) -> Result<Decided, E> {
        let play = self.current().ok_or(E::NoContest)?;
        if play.contest != Contest::Auction {
            return Err(E::NotAuction);
        }
        match self.stage(now) {
            Stage::ContestOpen | Stage::Revealed => {}
            Stage::Bidding => return Err(E::BiddingOpen),
            Stage::Between { .. } | Stage::Finished => return Err(E::ContestDone),
            _ => return Err(E::QuestionOpen),
        }
        if play.questions.len() as u32 >= self.size(Contest::Auction) {
            return Err(E::ContestDone);
        }
        done(NeptuneEvent::BiddingOpened { at: now })
    }

    fn decide_split(
        &self,
        team: TeamId,
        top: Vec<String>,
        bottom: Vec<String>,
    ) -> Result<Decided, E> {
        // 2.2: «перед началом конкурса»: fixed once Сэндвич starts.
        if self.split_fixed() {
            return Err(E::SplitFixed);
        }
        let players = &self.entrant(team).ok_or(E::NotPlaying)?.players;
        let clean = |names: Vec<String>| -> Vec<String> {
            let mut out: Vec<String> = Vec::new();
            for name in names {
                let name = name.trim().to_string();
                if !name.is_empty() && !out.contains(&name) {
                    out.push(name);
                }
            }
            out
        };
        let (top, bottom) = (clean(top), clean(bottom));
        // 2.2: «главное чтобы не меньше одного».
        if top.is_empty() || bottom.is_empty() {
            return Err(E::EmptySlice);
        }
        for name in top.iter().chain(&bottom) {
            if !players.contains(name) {
                return Err(E::UnknownPlayer {
                    player: name.clone(),
                });
            }
        }
        if let Some(both) = top.iter().find(|n| bottom.contains(n)) {
            return Err(E::PlayerTwice {
                player: both.clone(),
            });
        }
        done(NeptuneEvent::SplitSet { team, top, bottom })
    }

    fn decide_declare(&self, team: TeamId, count: u32, now: ServerTime) -> Result<Decided, E> {
        self.playing(team)?;
        let play = self.current().ok_or(E::NotDeclaring)?;
        // 5.2: before the tour's first question.
        if play.contest != Contest::Joker || !play.questions.is_empty() {
            return Err(E::NotDeclaring);
        }
        let max = self.size(Contest::Joker);
        if count > max {
            return Err(E::DeclarationRange { max });
        }
        if self.declarations.contains_key(&team) {
            return Err(E::AlreadyDeclared);
        }
        let late = self
            .topics_deadlines()
            .is_some_and(|(_, _, accept_until)| now > accept_until);
        done(NeptuneEvent::Declared {
            team,
            count,
            at: now,
            late,
        })
    }

    fn decide_bid(
        &self,
        team: TeamId,
        bid: Bid,
        by_host: bool,
        now: ServerTime,
    ) -> Result<Decided, E> {
        let play = self.current().ok_or(E::NotAuction)?;
        if play.contest != Contest::Auction {
            return Err(E::NotAuction);
        }
        if self.stage(now) != Stage::Bidding {
            return Err(E::BiddingClosed);
        }
        // The count may have said «три» a moment ago, before the server
        // stored it: a bid after «три» is too late (6.3).
        if self.count_ends_at().is_some_and(|end| now >= end) {
            return Err(E::BiddingClosed);
        }
        let auction = self.auction.as_ref().ok_or(E::NotAuction)?;
        let index = self.index_of(team).ok_or(E::NotPlaying)?;
        let mut engine = auction.engine.clone();
        engine.bid(index, bid, now).map_err(refusal)?;
        let place = auction.log.last().map_or(0, |l| l.len()) as u32 + 1;
        Ok((
            NeptuneReceipt::Bid { place, at: now },
            vec![NeptuneEvent::BidPlaced {
                team,
                bid,
                at: now,
                by_host,
            }],
        ))
    }
}

/// The rules' refusal of a bid, as the captain reads it.
fn refusal(error: NeptuneError) -> E {
    use NeptuneError as N;
    let r = match error {
        N::NotPositive { score, .. } => BidRefusal::NotPositive { score },
        N::NotMultipleOfTen { bid } => BidRefusal::NotMultipleOfTen { bid },
        N::FirstBidTooLow { bid } => BidRefusal::FirstBidTooLow { bid },
        N::RaiseTooSmall { bid, previous } => BidRefusal::RaiseTooSmall { bid, previous },
        N::VaBankOnly => BidRefusal::VaBankOnly,
        N::VaBankNotLarger {
            worth, standing, ..
        } => BidRefusal::VaBankNotLarger { worth, standing },
        N::VaBankTwoRunning { .. } => BidRefusal::VaBankTwoRunning,
        N::VaBankAgain { .. } => BidRefusal::VaBankAgain,
        N::VaBankBelowMinimum { score, .. } => BidRefusal::VaBankBelowMinimum { score },
        N::Excluded { .. } => BidRefusal::Excluded,
        N::AlreadyLeading { .. } => BidRefusal::AlreadyLeading,
        N::BiddingClosed | N::AuctionOver => return E::BiddingClosed,
        _ => return E::NotPlaying,
    };
    E::Bid(r)
}
