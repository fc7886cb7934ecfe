//! `minuta-server export --format rating`: the event's ChGK results in the
//! shape the rating site (rating.chgk.info) gives a tournament's results
//! (`/tournaments/{id}/results.json` with team members, masks and
//! controversials): per team its site id, name and town, the mask, the
//! questions taken, the position, the roster and its appeals.
//! docs/running-a-game.md, «Rating-site export», lists every field.

use std::collections::BTreeMap;

use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::{AppealKind, ChgkGame, GameQuestion};
use minuta_shared::roster::{PlayerFlag, SitePlayer, site_player};
use minuta_shared::tournament::Place;
use serde_json::{Value, json};

use crate::core::Core;

/// The results as the host's final standings give them: every played
/// question counts, as judged (3; 4.3).
pub fn to_rating(core: &Core) -> String {
    let fallback = ChgkGame::default();
    let chgk = core.event_chgk().unwrap_or(&fallback);
    // The site's mask runs over the questions in play order, tour by tour;
    // a question never played is not in it.
    let tours: Vec<Vec<&GameQuestion>> = chgk
        .tours
        .iter()
        .map(|t| {
            t.questions
                .iter()
                .filter_map(|q| chgk.question(*q).ok())
                .filter(|q| q.played())
                .collect()
        })
        .collect();
    let position: BTreeMap<QuestionId, usize> = tours
        .iter()
        .flatten()
        .enumerate()
        .map(|(i, q)| (q.id, i + 1))
        .collect();
    let registry = core.registry();
    let results: Vec<Value> = chgk
        .staff_standings(core.roster())
        .into_iter()
        .map(|row| {
            let record = registry.teams.get(&row.team);
            let by_tour: Vec<String> = tours
                .iter()
                .map(|t| t.iter().map(|q| chgk.mask_char(q, row.team)).collect())
                .collect();
            let appeals = |kind: AppealKind| -> Vec<Value> {
                chgk.appeals
                    .iter()
                    .filter(|a| a.team == row.team && a.kind == kind)
                    .map(|a| {
                        let question = chgk.question(a.question).ok();
                        // The answer as the team wrote it: the site takes
                        // it with the спорный (its mask has `?` until the
                        // decision).
                        let card = question.and_then(|q| q.cards.get(&row.team));
                        let (status, reply) = match &a.resolution {
                            None => ("N", ""),
                            Some((true, reply, _)) => ("A", reply.as_str()),
                            Some((false, reply, _)) => ("D", reply.as_str()),
                        };
                        json!({
                            "questionNumber": position.get(&a.question),
                            "number": question.map(|q| q.number.clone()),
                            "answer": card.map(|c| c.text.clone()),
                            "appeal": a.text,
                            "status": status,
                            "comment": reply,
                        })
                    })
                    .collect()
            };
            json!({
                "team": {
                    "id": record.and_then(|t| t.rating_id),
                    "name": row.name,
                    "town": { "name": row.town },
                },
                "mask": by_tour.concat(),
                "maskByTour": by_tour,
                "questionsTotal": row.points,
                "position": position_number(row.place),
                "place": row.place.to_string(),
                "teamMembers": record.map_or_else(Vec::new, |t| {
                    t.players
                        .iter()
                        .enumerate()
                        .map(|(place, p)| member(p, site_player(&t.site_players, place)))
                        .collect()
                }),
                "controversials": appeals(AppealKind::AcceptMyAnswer),
                "appeals": appeals(AppealKind::WithdrawQuestion),
            })
        })
        .collect();
    let document = json!({
        "tournament": registry.tournament,
        "questionQty": tours.iter().map(Vec::len).collect::<Vec<_>>(),
        "results": results,
    });
    format!("{document:#}\n")
}

/// A roster entry: the name as entered, and — from an imported roster —
/// the player's own record: the site's id, surname, name, patronymic and
/// К/Б/Л flag.
fn member(shown: &str, site: Option<&SitePlayer>) -> Value {
    match site {
        Some(site) => json!({
            "flag": site.flag.map(PlayerFlag::letter),
            "player": {
                "id": site.id,
                "surname": site.surname,
                "name": site.name,
                "patronymic": site.patronymic,
            },
        }),
        None => json!({ "player": { "name": shown } }),
    }
}

/// The site's position: a shared place is the mean of the places shared
/// (2–3 is 2.5, 2–4 is 3), a whole number when it is one.
fn position_number(place: Place) -> Value {
    let sum = u64::from(place.first) + u64::from(place.last);
    if sum % 2 == 0 {
        json!(sum / 2)
    } else {
        json!(sum as f64 / 2.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_place_is_the_mean_of_the_places_shared() {
        let place = |first, last| position_number(Place { first, last });
        assert_eq!(place(1, 1), json!(1));
        assert_eq!(place(2, 3), json!(2.5));
        assert_eq!(place(2, 4), json!(3));
    }
}
