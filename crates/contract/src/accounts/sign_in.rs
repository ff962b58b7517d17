//! Signing in by e-mail code (the accounts contract, `contract::accounts`).

use crate::auth::SessionUser;

/// `POST /api/auth/code`: send a one-time code to this address.
#[crate::wire]
pub struct CodeRequest {
    /// `domain::inputs::Email`: one `@`, text before it, a dot inside the text after it.
    #[schema(schema_with = crate::schemas::email)]
    pub email: String,
}

/// `PUT /api/auth/language`: the language the person chose for the app and its e-mails.
#[crate::wire]
pub struct LanguageChoice {
    /// `en`, `es`, `hi`, `id`, `pt-BR` or `pt-PT`.
    #[schema(pattern = "^(en|es|hi|id|pt-BR|pt-PT)$")]
    pub language: String,
}

/// The code was sent.
#[crate::wire]
pub struct CodeSent {
    /// The address, as it will be used (trimmed, lower case).
    pub email: String,
    /// Milliseconds until the code expires (the countdown).
    pub expires_in_ms: i64,
    /// Milliseconds until another code may be requested.
    pub resend_after_ms: i64,
}

/// `POST /api/auth/verify`: sign in (or sign up) with the code.
#[crate::wire(OptionalFields)]
pub struct VerifyRequest {
    /// `domain::inputs::Email`: one `@`, text before it, a dot inside the text after it.
    #[schema(schema_with = crate::schemas::email)]
    pub email: String,
    /// `domain::accounts::OtpCode`: six digits (spaces ignored).
    #[schema(pattern = r"^\s*([0-9]\s*){6}$")]
    pub code: String,
    /// The code of the link the person came by (`/workspace/signup?ref=`): a first sign-up is
    /// recorded as the referrer's friend. Ignored when malformed or unknown.
    #[serde(default)]
    #[schema(max_length = 16)]
    pub referral_code: Option<String>,
}

/// Signed in: the session's user (as `GET /api/auth/session` gives it). The session itself is the
/// HttpOnly cookie; its value is never in a body.
#[crate::wire]
pub struct SignedIn {
    pub user: SessionUser,
    /// True when this sign-in created the account.
    pub signed_up: bool,
}

/// `GET /api/dev/mailbox?email=`.
#[crate::wire]
pub struct MailboxQuery {
    pub email: String,
}

/// One e-mail kept in the development mailbox.
#[crate::wire]
pub struct DevMail {
    pub to: String,
    pub subject: String,
    /// The plain-text part.
    pub body: String,
    /// The HTML part (null for an e-mail kept before HTML parts existed).
    pub html: Option<String>,
    pub created_at: i64,
}

/// The development mailbox of one address, newest first.
#[crate::wire]
pub struct DevMailbox {
    pub messages: Vec<DevMail>,
}
