//! The byte stream over a WebSocket: its window, its frame checks and
//! deadlines, its close codes.

use super::*;
use crate::net::web::frames::tests::{code_of, header};

#[test]
fn close_codes_and_reasons_fit_a_close_frame() {
    assert_eq!(close_code(close::FORBIDDEN), 4004);
    assert_eq!(close_code(u32::MAX), u16::MAX);
    let long = "я".repeat(100);
    let cut = truncate(&long, MAX_CLOSE_REASON_BYTES);
    assert_eq!(cut.len(), 120);
    assert_eq!(truncate("abc", 120), "abc");
    assert_eq!(truncate(&"ab".repeat(2), 3), "aba");
    assert_eq!(truncate("aя", 2), "a");
}

#[tokio::test]
async fn the_socket_yields_no_more_than_the_window_until_it_is_widened() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (mut peer, socket) = tokio::io::duplex(1 << 20);
    peer.write_all(&vec![1u8; 100_000]).await.unwrap();
    let credit = Credit::new(10_000);
    let mut metered = Metered::new(socket, Arc::clone(&credit));
    let mut buf = vec![0u8; 200_000];
    let mut got = 0;
    while got < 10_000 {
        got += metered.read(&mut buf[got..]).await.unwrap();
    }
    let more = tokio::time::timeout(Duration::from_millis(50), metered.read(&mut buf[got..]));
    assert!(more.await.is_err(), "read past the window");
    credit.widen(30_000);
    while got < 30_000 {
        got += metered.read(&mut buf[got..]).await.unwrap();
    }
    assert_eq!(got, 30_000);
}

fn guard(frame_timeout: Duration, login_within: Duration) -> Guard {
    Guard {
        frame_timeout,
        login_by: Instant::now() + login_within,
        login_within,
    }
}

fn never() -> LetGo {
    Box::pin(std::future::pending())
}

#[tokio::test(start_paused = true)]
async fn a_stranger_announcing_more_than_a_record_is_refused_and_a_host_is_not() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (mut peer, socket) = tokio::io::duplex(1 << 16);
    let credit = Credit::new(PRE_LOGIN_WINDOW);
    let g = guard(Duration::from_secs(10), Duration::from_secs(5));
    let mut metered = Metered::guarded(socket, Arc::clone(&credit), g, never());
    peer.write_all(&header(true, 2, 4 << 20)).await.unwrap();
    let mut buf = [0u8; 64];
    let e = metered.read(&mut buf).await.unwrap_err();
    assert_eq!(code_of(&e), close::OVERSIZED);

    let (mut peer, socket) = tokio::io::duplex(1 << 16);
    let credit = Credit::new(PRE_LOGIN_WINDOW);
    let mut metered = Metered::guarded(socket, Arc::clone(&credit), g, never());
    credit.log_in(Role::Host);
    peer.write_all(&header(true, 2, 4 << 20)).await.unwrap();
    assert!(metered.read(&mut buf).await.unwrap() > 0);
}

#[tokio::test(start_paused = true)]
async fn a_message_begun_and_not_finished_is_closed_as_stalled_after_the_frame_timeout() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let (mut peer, socket) = tokio::io::duplex(1 << 16);
    let credit = Credit::new(PRE_LOGIN_WINDOW);
    let g = guard(Duration::from_secs(10), Duration::from_secs(5));
    let mut metered = Metered::guarded(socket, Arc::clone(&credit), g, never());
    credit.log_in(Role::Team);
    // A whole message, then one begun: 100 of its 1,000 bytes.
    let mut bytes = header(true, 2, 3);
    bytes.extend([1, 2, 3]);
    bytes.extend(header(true, 2, 1000));
    bytes.extend(vec![0u8; 100]);
    peer.write_all(&bytes).await.unwrap();
    let mut buf = vec![0u8; 4096];
    let mut got = 0;
    while got < bytes.len() {
        got += metered.read(&mut buf[got..]).await.unwrap();
    }
    let started = Instant::now();
    let e = metered.read(&mut buf).await.unwrap_err();
    assert_eq!(code_of(&e), close::STALLED);
    assert_eq!(started.elapsed(), Duration::from_secs(10));
    // Between whole messages a terminal may be idle for ever.
    let (mut peer, socket) = tokio::io::duplex(1 << 16);
    let mut metered = Metered::guarded(socket, Arc::clone(&credit), g, never());
    peer.write_all(&header(true, 2, 0)).await.unwrap();
    assert_eq!(metered.read(&mut buf).await.unwrap(), 6);
    let idle = tokio::time::timeout(Duration::from_secs(100), metered.read(&mut buf)).await;
    assert!(idle.is_err(), "an idle terminal was cut: {idle:?}");
}

#[tokio::test(start_paused = true)]
async fn a_stranger_is_refused_at_its_login_deadline_or_when_let_go() {
    use tokio::io::AsyncReadExt;
    let (_peer, socket) = tokio::io::duplex(1 << 16);
    let g = guard(Duration::from_secs(10), Duration::from_secs(5));
    let mut metered = Metered::guarded(socket, Credit::new(PRE_LOGIN_WINDOW), g, never());
    let started = Instant::now();
    let mut buf = [0u8; 64];
    let e = metered.read(&mut buf).await.unwrap_err();
    assert_eq!(code_of(&e), close::REFUSED);
    assert_eq!(started.elapsed(), Duration::from_secs(5));
    assert!(e.to_string().contains("within 5 s"), "{e}");

    let (_peer, socket) = tokio::io::duplex(1 << 16);
    let let_go = Arc::new(tokio::sync::Notify::new());
    let told = Arc::clone(&let_go);
    let mut metered = Metered::guarded(
        socket,
        Credit::new(PRE_LOGIN_WINDOW),
        guard(Duration::from_secs(10), Duration::from_secs(5)),
        Box::pin(async move { told.notified().await }),
    );
    let reading = tokio::spawn(async move {
        let mut buf = [0u8; 64];
        metered.read(&mut buf).await
    });
    tokio::time::sleep(Duration::from_secs(1)).await;
    let_go.notify_one();
    let e = reading.await.unwrap().unwrap_err();
    assert_eq!(code_of(&e), close::REFUSED);
    assert!(e.to_string().contains("waited longest"), "{e}");
}

#[test]
fn a_greeting_fits_a_strangers_window_and_login_widens_it() {
    assert!(PRE_LOGIN_WINDOW as usize > MAX_HELLO_FRAME_BYTES + 4 + 16 * 1024);
    assert!(window(Role::Team) > PRE_LOGIN_WINDOW);
    assert!(window(Role::Host) as usize >= MAX_FRAME_BYTES + 4);
    assert!(MAX_MESSAGE_BYTES as u64 <= window(Role::Host));
    for role in [
        Role::Host,
        Role::Team,
        Role::Judge,
        Role::Display,
        Role::Jury,
    ] {
        // A message the frame check lets in always fits the window, so
        // none can wedge the socket by waiting for credit.
        assert!(max_frame(role) < window(role), "{role:?}");
        assert!(max_frame(role) > PRE_LOGIN_MAX_FRAME, "{role:?}");
    }
    let credit = Credit::new(PRE_LOGIN_WINDOW);
    credit.widen(window(Role::Team));
    credit.widen(PRE_LOGIN_WINDOW);
    assert_eq!(credit.allowed.load(Ordering::Relaxed), window(Role::Team));
}
