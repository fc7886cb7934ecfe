//! «Нептун» on a phone held upright (360×640): a team's and a ломтик's
//! terminal at every step of a game (the split, the cards, Джокер's
//! declaration, the bidding, the auction's scores) fit the screen's width
//! with every text field in reach; [`Hall::phone_fits`] is called at each
//! step of the whole game in [`super::staff`].

use super::*;
use common::phone::{assert_phone, connected, window};
use minuta_client::views::LocalState;
use minuta_shared::play::games::GameTeamView;
use minuta_shared::wire::view::View;

impl Hall {
    /// `team`'s terminal (a ломтик's with `slice`) on a phone, the whole
    /// window as the app draws it.
    fn phone(
        &self,
        team: u32,
        slice: Option<Slice>,
    ) -> egui_kittest::Harness<'static, common::Screen<LocalState>> {
        let mut view = common::team_view();
        view.team = TeamId(team);
        view.name = TEAMS
            .iter()
            .find(|(id, _, _)| *id == team)
            .map(|(_, name, _)| (*name).to_owned())
            .unwrap_or_default();
        view.slice = slice;
        view.games.push(GameEntry {
            id: GAME,
            name: String::new(),
            format: Format::Neptune,
            view: GameTeamView::Neptune(self.team_view(team, slice)),
        });
        window(connected(self.lang, View::Team(view), self.now_ms * 1000))
    }

    /// A team's and a ломтик's terminals fit a phone now.
    pub(super) fn phone_fits(&self) {
        for (team, slice) in [(1, None), (3, Some(Slice::Top))] {
            let mut harness = self.phone(team, slice);
            let board = self.team_view(team, slice).board;
            let what = format!(
                "neptune team {team} {slice:?} {:?} {:?} {:?}",
                board.contest, board.stage, self.lang
            );
            assert_phone(&mut harness, &what);
        }
    }
}

#[test]
fn neptune_phone_the_split_fits_and_sends() {
    let hall = Hall::registered();
    let mut harness = hall.phone(1, None);
    assert_phone(&mut harness, "split");
    common::click(&mut harness, "Вера");
    common::click(&mut harness, "Отправить разбивку");
    assert_eq!(harness.state().sent.len(), 1, "the split is sent");
}

#[test]
fn neptune_phone_the_bidding_fits() {
    for lang in [Lang::Ru, Lang::En] {
        let mut hall = Hall::bidding();
        hall.lang = lang;
        let mut harness = hall.phone(1, None);
        assert_phone(&mut harness, &format!("bidding ({lang:?})"));
    }
    let hall = Hall::bidding();
    let mut harness = hall.phone(1, None);
    common::click(&mut harness, "Ва-банк (50)");
    assert_eq!(harness.state().sent.len(), 1, "the bid is sent");
}

#[test]
fn neptune_phone_the_joker_declaration_fits() {
    let mut hall = Hall::registered();
    for contest in [
        Contest::Negative,
        Contest::Sandwich,
        Contest::Blitz,
        Contest::Sisyphus,
    ] {
        hall.host(NeptuneCommand::StartContest);
        let right: &[u32] = if contest == Contest::Negative {
            &[1, 2]
        } else {
            &[]
        };
        hall.play_question(contest, right);
    }
    // Джокер's topics are out: the captain declares.
    hall.host(NeptuneCommand::StartContest);
    for lang in [Lang::Ru, Lang::En] {
        hall.lang = lang;
        let mut harness = hall.phone(1, None);
        assert_phone(&mut harness, &format!("joker declaration ({lang:?})"));
    }
}
