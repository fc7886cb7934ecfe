//! Views on the wire as patches (issue 16): the sending side
//! ([`ViewSender`], one per connection in the server's writer) turns each
//! whole view into the smaller of the whole view and a
//! [`ViewDelta`] of the last view it sent; the receiving side
//! ([`ViewStream`], one per connection in every terminal) turns the frames
//! back into whole views. Both work on encoded bytes only: the views
//! themselves come from the one code path that builds them, so a patch
//! cannot show what the whole view would not. No IO here.

use crate::wire::codec::{self, CodecError};
use crate::wire::delta::{self, DeltaError, ViewDelta};
use crate::wire::envelope::Envelope;
use crate::wire::server::ServerMsg;
use crate::wire::view::View;

/// The last view sent on one connection: the number of its frame and its
/// encoded bytes (a host view of a hall of 10,000 teams: about a megabyte).
#[derive(Debug, Default)]
pub struct ViewSender {
    last: Option<(u64, Vec<u8>)>,
    /// The last view went whole: a terminal asking again gets nothing (a
    /// terminal that keeps asking cannot make the server resend its view
    /// over and over).
    sent_whole: bool,
}

impl ViewSender {
    pub fn new() -> Self {
        Self::default()
    }

    /// The payload of frame `seq` carrying `view`: a patch of the last view
    /// sent when that is smaller, else the whole view.
    pub fn payload(&mut self, seq: u64, view: &View) -> Result<Vec<u8>, CodecError> {
        let bytes = codec::encode(view)?;
        let payload = match &self.last {
            Some((base, old)) => {
                let patch = delta::delta(*base, old, &bytes);
                let patched =
                    codec::encode(&Envelope::new(seq, ServerMsg::ViewDelta(Box::new(patch))))?;
                // The whole view's header is a few bytes: compare bodies.
                self.sent_whole = patched.len() >= bytes.len();
                if self.sent_whole {
                    codec::join_header(seq, ServerMsg::VIEW_VARIANT, &bytes)?
                } else {
                    patched
                }
            }
            None => {
                self.sent_whole = true;
                codec::join_header(seq, ServerMsg::VIEW_VARIANT, &bytes)?
            }
        };
        self.last = Some((seq, bytes));
        Ok(payload)
    }

    /// The terminal asked for a whole view: the payload of frame `seq`
    /// carrying the last view sent, whole (`None` before any view, and when
    /// the last view went whole: nothing since can be out of step).
    pub fn again(&mut self, seq: u64) -> Option<Result<Vec<u8>, CodecError>> {
        if self.sent_whole {
            return None;
        }
        let (base, bytes) = self.last.as_mut()?;
        *base = seq;
        self.sent_whole = true;
        Some(codec::join_header(seq, ServerMsg::VIEW_VARIANT, bytes))
    }

    /// The bytes kept for the next patch.
    pub fn kept_bytes(&self) -> usize {
        self.last.as_ref().map_or(0, |(_, bytes)| bytes.len())
    }
}

/// What a received frame becomes.
#[derive(Debug, PartialEq, Eq)]
pub enum Intake {
    /// A payload to decode as an `Envelope<ServerMsg>`; a patch has become
    /// the payload of the whole view it stands for.
    Frame(Vec<u8>),
    /// A patch that does not fit the last view: the terminal sends
    /// `ClientMsg::WholeView` and the patches until the whole view are
    /// [`Intake::Skipped`].
    OutOfStep(String),
    /// A patch while a whole view is awaited.
    Skipped,
}

/// One connection's incoming views: keeps the last view's frame number and
/// bytes to apply the next patch to.
#[derive(Debug, Default)]
pub struct ViewStream {
    last: Option<(u64, Vec<u8>)>,
    asked: bool,
}

impl ViewStream {
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes one frame's payload. A frame that does not decode is handed on
    /// as it is, for its reader to report.
    pub fn receive(&mut self, payload: Vec<u8>) -> Intake {
        let Some((seq, variant, at)) = codec::split_header(&payload) else {
            return Intake::Frame(payload);
        };
        match variant {
            ServerMsg::VIEW_VARIANT => {
                self.last = Some((seq, payload.get(at..).unwrap_or_default().to_vec()));
                self.asked = false;
                Intake::Frame(payload)
            }
            ServerMsg::VIEW_DELTA_VARIANT => {
                let patch = match codec::decode::<Envelope<ServerMsg>>(&payload) {
                    Ok(Envelope {
                        body: ServerMsg::ViewDelta(patch),
                        ..
                    }) => patch,
                    _ => return Intake::Frame(payload),
                };
                match self.apply(seq, &patch) {
                    Ok(whole) => Intake::Frame(whole),
                    Err(why) => {
                        self.last = None;
                        if std::mem::replace(&mut self.asked, true) {
                            Intake::Skipped
                        } else {
                            Intake::OutOfStep(why)
                        }
                    }
                }
            }
            _ => Intake::Frame(payload),
        }
    }

    fn apply(&mut self, seq: u64, patch: &ViewDelta) -> Result<Vec<u8>, String> {
        let Some((base, old)) = &self.last else {
            return Err(format!(
                "a patch of view {} arrived with no view to patch",
                patch.base
            ));
        };
        if *base != patch.base {
            return Err(format!(
                "a patch of view {} arrived, the last view is {base}",
                patch.base
            ));
        }
        let bytes = delta::apply(old, patch).map_err(|e: DeltaError| e.to_string())?;
        let whole =
            codec::join_header(seq, ServerMsg::VIEW_VARIANT, &bytes).map_err(|e| e.to_string())?;
        self.last = Some((seq, bytes));
        Ok(whole)
    }

    /// Drops the last view, as a lost frame would: the next patch is out of
    /// step (tests force a miss with it).
    pub fn forget(&mut self) {
        self.last = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::TeamId;
    use crate::wire::view::{DisplayView, HostView, TeamInfo};
    use proptest::prelude::*;

    fn decode_view(payload: &[u8]) -> View {
        match codec::decode::<Envelope<ServerMsg>>(payload).unwrap().body {
            ServerMsg::View(v) => *v,
            other => panic!("not a view: {other:?}"),
        }
    }

    fn display(names: &[String]) -> View {
        View::Display(DisplayView {
            tournament: names.join(", "),
            games: Vec::new(),
            programme: None,
            prize_ties: Vec::new(),
        })
    }

    fn host(teams: u32) -> View {
        View::Host(HostView {
            tournament: "Кубок".into(),
            settings: Default::default(),
            access: None,
            teams: (0..teams)
                .map(|t| TeamInfo {
                    id: TeamId(t),
                    name: format!("Команда {t}"),
                    town: "Казань".into(),
                    players: vec!["Аня".into(), "Борис".into()],
                    connected: t % 3 == 0,
                    slices_connected: Vec::new(),
                    played: false,
                    rating_id: Some(t * 7),
                    site_players: Vec::new(),
                })
                .collect(),
            judges: Vec::new(),
            displays_connected: 1,
            games: Vec::new(),
            jury_secret: None,
            programme: None,
            festival: Vec::new(),
            autopilot: None,
            prize_ties: Vec::new(),
        })
    }

    #[test]
    fn the_first_view_is_whole_and_a_join_after_it_is_a_small_patch() {
        let (mut sender, mut stream) = (ViewSender::new(), ViewStream::new());
        let first = sender.payload(1, &host(1000)).unwrap();
        assert_eq!(codec::peek_variant(&first), Some(ServerMsg::VIEW_VARIANT));
        assert!(matches!(stream.receive(first), Intake::Frame(_)));
        let second = sender.payload(2, &host(1001)).unwrap();
        assert_eq!(
            codec::peek_variant(&second),
            Some(ServerMsg::VIEW_DELTA_VARIANT)
        );
        assert!(second.len() < 200, "{} bytes", second.len());
        let Intake::Frame(whole) = stream.receive(second) else {
            panic!("the patch did not apply");
        };
        assert_eq!(decode_view(&whole), host(1001));
    }

    #[test]
    fn a_missed_patch_asks_once_and_a_whole_view_puts_the_stream_back_in_step() {
        let (mut sender, mut stream) = (ViewSender::new(), ViewStream::new());
        let _ = stream.receive(sender.payload(1, &host(50)).unwrap());
        // Frame 2 is lost.
        let _lost = sender.payload(2, &host(51)).unwrap();
        let third = sender.payload(3, &host(52)).unwrap();
        assert!(matches!(stream.receive(third), Intake::OutOfStep(_)));
        let fourth = sender.payload(4, &host(53)).unwrap();
        assert_eq!(stream.receive(fourth), Intake::Skipped);
        let whole = sender.again(5).unwrap().unwrap();
        let Intake::Frame(whole) = stream.receive(whole) else {
            panic!("a whole view is always taken");
        };
        assert_eq!(decode_view(&whole), host(53));
        // Asking again before any patch gets nothing: no resending on demand.
        assert!(sender.again(6).is_none());
        let Intake::Frame(next) = stream.receive(sender.payload(7, &host(54)).unwrap()) else {
            panic!("back in step");
        };
        assert_eq!(decode_view(&next), host(54));
    }

    #[test]
    fn other_messages_pass_untouched() {
        let mut stream = ViewStream::new();
        let pong = codec::encode(&Envelope::new(
            4,
            ServerMsg::Pong {
                client_time_us: 1,
                server_time: crate::time::ServerTime(2),
            },
        ))
        .unwrap();
        assert_eq!(stream.receive(pong.clone()), Intake::Frame(pong));
        assert_eq!(stream.receive(vec![1]), Intake::Frame(vec![1]));
    }

    proptest! {
        /// The rule of issue 16: the patches applied to the old view give
        /// the new whole view, whatever the views.
        #[test]
        fn patched_views_equal_the_whole_views(
            views in proptest::collection::vec(
                proptest::collection::vec("[a-zА-я ]{0,12}", 0..40), 1..8),
        ) {
            let (mut sender, mut stream) = (ViewSender::new(), ViewStream::new());
            for (seq, names) in views.iter().enumerate() {
                let view = display(names);
                let payload = sender.payload(seq as u64 + 1, &view).unwrap();
                let Intake::Frame(whole) = stream.receive(payload) else {
                    return Err(TestCaseError::fail("a patch did not apply"));
                };
                prop_assert_eq!(decode_view(&whole), view);
            }
        }
    }
}
