//! The demo's appeal jury (АЖ, 6.5): logs in with the jury's own secret,
//! reads every appeal in its view and, after a moment's deliberation,
//! decides it — upheld with full credit for an answer right in other words,
//! rejected otherwise. Мультиигры's appeals, and ChGK's since the jury
//! decides those too when it sits.

use std::collections::BTreeSet;
use std::time::Duration;

use tokio::sync::mpsc;

use minuta_shared::ids::GameId;
use minuta_shared::play::chgk::{AppealKind, ChgkCommand, ChgkStaffView};
use minuta_shared::play::games::GameStaffView;
use minuta_shared::text::normalise_answer;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::View;

use crate::clock::ServerClock;
use crate::net::{Inbound, Outbound};

/// How long the jury weighs an appeal (for a 60-s minute).
pub(super) const DELIBERATION: Duration = Duration::from_secs(5);

pub(super) async fn play(
    credential: Credential,
    deliberation: Duration,
    inbound: mpsc::Sender<Inbound>,
    clock: ServerClock,
) {
    let Some((conn, outbox)) = super::join(credential, &inbound).await else {
        return;
    };
    let mut decided: BTreeSet<(GameId, u32)> = BTreeSet::new();
    let mut request = 0u64;
    loop {
        let Outbound::Msg(msg) = outbox.next().await else {
            return;
        };
        let ServerMsg::View(view) = &*msg else {
            continue;
        };
        let View::Jury(view) = view.as_ref() else {
            continue;
        };
        for entry in &view.games {
            let decisions: Vec<(u32, Command)> = match &entry.view {
                GameStaffView::Multigames(game) => {
                    super::multigames::jury_decisions(entry.id, game)
                        .into_iter()
                        .map(|(appeal, command)| (appeal.id.0, command))
                        .collect()
                }
                GameStaffView::Chgk(game) => chgk_decisions(entry.id, game),
                _ => continue,
            };
            for (appeal, command) in decisions {
                if !decided.insert((entry.id, appeal)) {
                    continue;
                }
                request += 1;
                let (inbound, request) = (inbound.clone(), request);
                tokio::spawn(async move {
                    tokio::time::sleep(deliberation).await;
                    super::send(&inbound, clock, conn, request, command).await;
                });
            }
        }
    }
}

/// 6.5, for ChGK: the АЖ accepts a спорный whose card says the author's
/// answer or one of the accepted ones in other spelling, and rejects the
/// rest; a question it does not withdraw.
fn chgk_decisions(id: GameId, view: &ChgkStaffView) -> Vec<(u32, Command)> {
    view.appeals
        .iter()
        .filter(|a| a.resolution.is_none())
        .map(|a| {
            let right: Vec<String> = std::iter::once(a.author_answer.as_str())
                .chain(a.accepted.as_deref().unwrap_or_default().split([';', '\n']))
                .map(|s| normalise_answer(s.trim().trim_end_matches('.')))
                .filter(|s| !s.is_empty())
                .collect();
            let upheld = a.kind == AppealKind::AcceptMyAnswer
                && a.card
                    .as_deref()
                    .is_some_and(|card| right.contains(&normalise_answer(card)));
            let reply = if upheld {
                "Апелляция удовлетворена: ответ совпадает с авторским по смыслу."
            } else {
                "Апелляция отклонена."
            };
            let command = Command::game(
                id,
                ChgkCommand::ResolveAppeal {
                    appeal: a.id,
                    upheld,
                    reply: reply.into(),
                },
            );
            (a.id.0, command)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use minuta_shared::ids::{AppealId, QuestionId, TeamId};
    use minuta_shared::play::chgk::view::AppealView;
    use minuta_shared::play::chgk::{AppealKind, ChgkCommand, ChgkStaffView, EVENT_CHGK};
    use minuta_shared::time::ServerTime;
    use minuta_shared::wire::client::Command;

    use super::chgk_decisions;

    fn appeal(id: u32, card: &str) -> AppealView {
        AppealView {
            id: AppealId(id),
            team: TeamId(id),
            team_name: format!("Команда {id}"),
            question: QuestionId(0),
            number: "1".into(),
            kind: AppealKind::AcceptMyAnswer,
            text: "засчитайте".into(),
            filed_at: ServerTime(0),
            card: Some(card.into()),
            author_answer: "Пушкин.".into(),
            accepted: Some("Александр Пушкин".into()),
            resolution: None,
        }
    }

    #[test]
    fn chgk_6_5_the_robot_jury_accepts_an_accepted_wording_and_rejects_the_rest() {
        let view = ChgkStaffView {
            appeals: vec![appeal(1, "александр пушкин"), appeal(2, "Гоголь")],
            appeal_jury: true,
            ..ChgkStaffView::default()
        };
        let upheld: Vec<(u32, bool)> = chgk_decisions(EVENT_CHGK, &view)
            .into_iter()
            .map(|(id, command)| {
                let upheld = matches!(
                    command,
                    Command::Game { command, .. }
                        if matches!(
                            command,
                            minuta_shared::play::games::GameCommand::Chgk(
                                ChgkCommand::ResolveAppeal { upheld: true, .. }
                            )
                        )
                );
                (id, upheld)
            })
            .collect();
        assert_eq!(upheld, vec![(1, true), (2, false)]);
    }
}
