//! Locks the server's threads share. A poisoned lock means a thread
//! panicked while holding it, perhaps halfway through a change: carrying on
//! with that state could acknowledge what was never stored, so taking it
//! panics too, and `minuta-server`'s panic hook ends the process with a
//! clear message; the next start replays the store. What must not live
//! here: anything that decides a game.

use std::sync::{Mutex, MutexGuard};

/// `mutex` locked, or a panic naming `what` when a thread panicked holding it.
pub fn lock<'a, T>(mutex: &'a Mutex<T>, what: &str) -> MutexGuard<'a, T> {
    mutex.lock().unwrap_or_else(|_| {
        panic!("{what}: a thread panicked while holding it; the server stops (the next start replays the store)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_poisoned_lock_is_never_taken_as_if_nothing_happened() {
        let shared = std::sync::Arc::new(Mutex::new(1));
        let held = shared.clone();
        let _ = std::thread::spawn(move || {
            let _guard = held.lock().unwrap();
            panic!("mid-change");
        })
        .join();

        let taken = std::panic::catch_unwind(|| *lock(&shared, "an outbox"));

        let said = taken.unwrap_err();
        let said = said.downcast_ref::<String>().unwrap();
        assert!(said.starts_with("an outbox: a thread panicked"), "{said}");
    }

    #[test]
    fn a_healthy_lock_is_simply_taken() {
        let shared = Mutex::new(7);
        *lock(&shared, "a count") += 1;
        assert_eq!(*lock(&shared, "a count"), 8);
    }
}
