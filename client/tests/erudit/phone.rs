//! «Эрудит-квартет» on a phone held upright (360×640): the captain's
//! line-up form and the player's button, which fills the lower half of the
//! screen, fit the screen's width in both languages.

use super::*;
use common::phone::{PHONE, assert_phone, connected, window};
use minuta_client::views::LocalState;

impl Hall {
    /// Team 1's whole window on a phone, in `lang`.
    fn phone(&self, lang: Lang) -> egui_kittest::Harness<'static, common::Screen<LocalState>> {
        let mut view = common::team_view();
        view.games.push(GameEntry {
            id: GAME,
            name: String::new(),
            format: Format::Erudit,
            view: GameTeamView::Erudit(self.tournament.team_view(
                TeamId(1),
                &self.roster,
                self.now(),
            )),
        });
        window(connected(lang, View::Team(view), self.now_ms * 1000))
    }
}

#[test]
fn erudit_phone_the_line_up_form_fits() {
    let mut hall = Hall::started();
    hall.host(EruditCommand::OpenLineup);
    for lang in [Lang::Ru, Lang::En] {
        let mut harness = hall.phone(lang);
        assert_phone(&mut harness, &format!("line-up ({lang:?})"));
    }
    let mut harness = hall.phone(Lang::Ru);
    for (round, player) in ["Анна", "Борис", "Вера", "Глеб"].iter().enumerate() {
        click_nth(&mut harness, player, round);
    }
    assert_phone(&mut harness, "line-up chosen");
    common::click(&mut harness, "Отправить состав");
    assert_eq!(harness.state().sent.len(), 1, "the line-up is sent");
}

#[test]
fn erudit_phone_the_button_fills_the_lower_half() {
    let mut hall = Hall::playing();
    hall.host(EruditCommand::Read);
    for lang in [Lang::Ru, Lang::En] {
        let mut harness = hall.phone(lang);
        let label = if lang == Lang::Ru {
            "Нажать"
        } else {
            "Press"
        };
        let rect = harness.get_by_label(label).rect();
        assert!(
            !harness.get_by_label(label).accesskit_node().is_disabled(),
            "lit while the question is read"
        );
        assert!(
            rect.height() >= 0.45 * PHONE[1] && rect.bottom() >= PHONE[1] - 24.0,
            "the button fills the lower half: {rect:?}"
        );
        assert!(
            rect.bottom() <= PHONE[1] && rect.right() <= PHONE[0],
            "{rect:?}"
        );
        assert_phone(&mut harness, &format!("Эрудит-квартет button ({lang:?})"));
    }
}

#[test]
fn erudit_phone_the_shoot_off_fits() {
    let mut hall = Hall::tied_final();
    hall.host(EruditCommand::ShootOffQuestion);
    let mut harness = hall.phone(Lang::Ru);
    assert_phone(&mut harness, "shoot-off");
}
