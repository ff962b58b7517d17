//! What a WhatsApp chat id names. Gateways and the extension write a chat as `<number>@c.us`
//! (a person), `<id>@g.us` (a group), `<id>@lid` (a person's hidden linked id), the engines'
//! internal `<number>@s.whatsapp.net`, or a bare number. A person's contact is their number's
//! digits — the same key the notes, tags and properties of that customer use — so one customer
//! written to from several member numbers is one contact.

use crate::RuleError;

/// The most bytes a chat id may hold (WhatsApp's ids are far shorter).
pub const MAX_CHAT_ID: usize = 128;

/// A chat, read from any of the forms above.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatRef {
    /// The id a gateway sends to: `<digits>@c.us`, `<id>@g.us` or `<id>@lid`.
    pub chat_id: String,
    /// The contact the chat's notes and tags are kept under: a person's digits, a group's or an
    /// unmapped linked id's whole id.
    pub contact: String,
    pub group: bool,
}

impl ChatRef {
    /// The chat `raw` names, or `value_invalid` (broadcasts, channels and status updates are
    /// not conversations; neither is anything else).
    pub fn parse(raw: &str) -> Result<ChatRef, RuleError> {
        let raw = raw.trim();
        if raw.is_empty() || raw.len() > MAX_CHAT_ID {
            return Err(RuleError::ValueInvalid);
        }
        let (local, server) = raw.split_once('@').unwrap_or((raw, "c.us"));
        // A device suffix (`123:4@s.whatsapp.net`) names the same person.
        let local = local.split(':').next().unwrap_or(local);
        match server {
            "c.us" | "s.whatsapp.net" => {
                let digits = local.strip_prefix('+').unwrap_or(local);
                if !(6..=15).contains(&digits.len()) || !digits.bytes().all(|b| b.is_ascii_digit())
                {
                    return Err(RuleError::ValueInvalid);
                }
                Ok(ChatRef {
                    chat_id: format!("{digits}@c.us"),
                    contact: digits.to_owned(),
                    group: false,
                })
            }
            "g.us" | "lid" => {
                let ok =
                    !local.is_empty() && local.bytes().all(|b| b.is_ascii_digit() || b == b'-');
                if !ok {
                    return Err(RuleError::ValueInvalid);
                }
                let id = format!("{local}@{server}");
                Ok(ChatRef {
                    chat_id: id.clone(),
                    contact: id,
                    group: server == "g.us",
                })
            }
            _ => Err(RuleError::ValueInvalid),
        }
    }

    /// The chat a typed number opens (000 §2 'open chat by number'): the number with its
    /// country code, as the phone rule reads it.
    pub fn from_number(raw: &str) -> Result<ChatRef, RuleError> {
        let phone = crate::accounts::PhoneNumber::parse(raw)?;
        ChatRef::parse(phone.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_one_person_is_one_contact() {
        for raw in [
            "919876543210@c.us",
            "919876543210@s.whatsapp.net",
            "919876543210:12@s.whatsapp.net",
            "+919876543210",
            " 919876543210 ",
        ] {
            let c = ChatRef::parse(raw).unwrap();
            assert_eq!(c.contact, "919876543210", "{raw}");
            assert_eq!(c.chat_id, "919876543210@c.us", "{raw}");
            assert!(!c.group);
        }
    }

    #[test]
    fn groups_and_linked_ids_keep_their_whole_id() {
        let g = ChatRef::parse("120363043211111111@g.us").unwrap();
        assert!(g.group);
        assert_eq!(g.contact, "120363043211111111@g.us");
        let old_style = ChatRef::parse("919876543210-1600000000@g.us").unwrap();
        assert!(old_style.group);
        let lid = ChatRef::parse("123123123@lid").unwrap();
        assert!(!lid.group);
        assert_eq!(lid.contact, "123123123@lid");
    }

    #[test]
    fn what_is_not_a_conversation_is_refused() {
        for raw in [
            "",
            "status@broadcast",
            "123@newsletter",
            "12345@c.us",
            "1234567890123456@c.us",
            "91a876543210@c.us",
            "@g.us",
            "abc@g.us",
            &"9".repeat(200),
        ] {
            assert_eq!(ChatRef::parse(raw), Err(RuleError::ValueInvalid), "{raw}");
        }
    }
}
