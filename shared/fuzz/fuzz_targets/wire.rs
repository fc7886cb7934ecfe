//! Any bytes as a frame's payload, decoded as every message either side
//! reads: a typed error or a value that survives a round trip; never a
//! panic, never an allocation past the codec's size limit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use minuta_shared::wire::client::ClientMsg;
use minuta_shared::wire::codec::{decode, encode};
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::server::ServerMsg;

fn round_trip<T>(data: &[u8])
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    if let Ok(value) = decode::<T>(data) {
        let bytes = encode(&value).expect("a decoded value encodes");
        let again: T = decode(&bytes).expect("its encoding decodes");
        assert_eq!(again, value, "a round trip changed the value");
    }
}

fuzz_target!(|data: &[u8]| {
    round_trip::<Envelope<ClientMsg>>(data);
    round_trip::<Envelope<ServerMsg>>(data);
});
