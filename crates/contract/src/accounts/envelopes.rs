//! Envelopes (the accounts contract, `contract::accounts`).

/// The v1 answer: `result` true on success, the payload in `data`.
#[crate::wire(!Eq)]
pub struct ResultEnvelope<T> {
    pub result: bool,
    pub data: T,
}

impl<T> ResultEnvelope<T> {
    pub fn ok(data: T) -> Self {
        ResultEnvelope { result: true, data }
    }
}

/// The v2 helpers' answer: `status` true on success.
#[crate::wire(!Eq)]
pub struct StatusEnvelope<T> {
    pub status: bool,
    pub data: T,
}

/// The organisation-details answer (001 §7.5): `type` true on success, `data[0]` the
/// organisation.
#[crate::wire(!Eq)]
pub struct TypeEnvelope<T> {
    #[serde(rename = "type")]
    #[cfg_attr(feature = "ts", ts(rename = "type"))]
    pub type_: bool,
    pub data: T,
}

/// An answer with nothing to return but success.
#[crate::wire]
pub struct Ack {
    pub result: bool,
    pub message: String,
}

impl Ack {
    pub fn ok(message: impl Into<String>) -> Self {
        Ack {
            result: true,
            message: message.into(),
        }
    }
}
