//! Sending e-mail (sign-in codes, invitations): through SMTP when `smtp_url` is configured,
//! otherwise into the development mailbox table and the log, so a local run or a test can read
//! the code without a mail server. Every e-mail has a plain-text and an HTML part, written in
//! the recipient's language by `mail_texts`.

use crate::config::Config;
use crate::error::AppError;
use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::{AsyncTransport, Message, Tokio1Executor};
use secrecy::ExposeSecret;
use store::Store;

#[derive(Debug, thiserror::Error)]
#[error("mail configuration: {0}")]
pub struct MailError(String);

/// Where e-mails go.
#[derive(Clone)]
pub enum Mailer {
    Smtp {
        transport: AsyncSmtpTransport<Tokio1Executor>,
        from: Mailbox,
    },
    DevMailbox,
}

impl Mailer {
    /// SMTP when `smtp_url` is set (checked now, so a typo fails at start), else the mailbox.
    pub fn from_config(config: &Config) -> Result<Mailer, MailError> {
        let Some(url) = &config.mail.smtp_url else {
            return Ok(Mailer::DevMailbox);
        };
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url.expose_secret())
            .map_err(|e| MailError(format!("smtp_url: {e}")))?
            .build();
        let from = config
            .mail
            .from
            .parse()
            .map_err(|e| MailError(format!("mail_from: {e}")))?;
        Ok(Mailer::Smtp { transport, from })
    }

    /// Sends one e-mail, its plain-text and HTML parts as alternatives.
    pub async fn send(
        &self,
        store: &Store,
        now: i64,
        to: &str,
        mail: &crate::mail_texts::Mail,
    ) -> Result<(), AppError> {
        let subject = mail.subject.as_str();
        let body = mail.text.as_str();
        match self {
            Mailer::Smtp { transport, from } => {
                let to: Mailbox = to.parse().map_err(AppError::internal)?;
                let message = Message::builder()
                    .from(from.clone())
                    .to(to)
                    .subject(subject)
                    .multipart(MultiPart::alternative_plain_html(
                        mail.text.clone(),
                        mail.html.clone(),
                    ))
                    .map_err(AppError::internal)?;
                transport.send(message).await.map_err(|e| AppError {
                    internal: Some(format!("smtp: {e}")),
                    ..AppError::new(
                        contract::ErrorCode::UpstreamFailed,
                        "the e-mail could not be sent",
                    )
                })?;
            }
            Mailer::DevMailbox => {
                store::accounts::record_mail(store, to, subject, body, Some(&mail.html), now)
                    .await?;
                tracing::info!(target: "mail", %to, %subject, %body, "no SMTP configured; kept in the development mailbox");
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_smtp_address_is_checked_when_the_server_starts() {
        let mut config = Config::default();
        config.mail.smtp_url = Some("smtp://mail.example.com:2525".to_owned().into());
        assert!(matches!(
            Mailer::from_config(&config),
            Ok(Mailer::Smtp { .. })
        ));
        config.mail.smtp_url = Some("not a url".to_owned().into());
        assert!(Mailer::from_config(&config).is_err());
        config.mail.smtp_url = None;
        assert!(matches!(
            Mailer::from_config(&config),
            Ok(Mailer::DevMailbox)
        ));
    }
}
