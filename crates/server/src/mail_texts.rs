//! The e-mails' words, in the six interface languages, each with a plain-text and an HTML part
//! (every value put into the HTML is escaped). The recipient's language is chosen by the caller:
//! the language the person uses the app in (stored on their account, or the one the request's
//! page is shown in), and for an invitation to someone who has not chosen one, the inviter's.

use domain::language::Language;

/// One e-mail, ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// `&`, `<`, `>`, `"` and `'` as entities, so a value (an organisation's name, an address) is
/// always text in the HTML part.
pub fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `template` with each `{name}` replaced by its value (as given: text).
fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values.iter().fold(template.to_owned(), |acc, (k, v)| {
        acc.replace(&format!("{{{k}}}"), v)
    })
}

/// `template` escaped, with each `{name}` replaced by its escaped value (HTML).
fn fill_html(template: &str, values: &[(&str, &str)]) -> String {
    values.iter().fold(escape_html(template), |acc, (k, v)| {
        acc.replace(&format!("{{{k}}}"), &escape_html(v))
    })
}

/// The HTML document around an e-mail's paragraphs (already HTML).
fn page(lang: Language, title: &str, inner: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head><meta charset=\"utf-8\"><title>{}</title></head>\n\
         <body style=\"margin:0;padding:24px;background:#f5f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933\">\n\
         <div style=\"max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px\">\n\
         <p style=\"margin:0 0 16px;font-weight:bold;color:#0b7a75\">Switchboard</p>\n{}\n</div>\n</body>\n</html>\n",
        lang.tag(),
        escape_html(title),
        inner
    )
}

struct CodeTexts {
    subject: &'static str,
    /// `{code}`.
    line: &'static str,
    expiry: &'static str,
}

fn code_texts(lang: Language) -> CodeTexts {
    match lang {
        Language::En => CodeTexts {
            subject: "Your Switchboard sign-in code",
            line: "Your Switchboard sign-in code is {code}.",
            expiry: "It expires in 10 minutes. If you did not ask for it, ignore this e-mail.",
        },
        Language::Es => CodeTexts {
            subject: "Tu código de acceso a Switchboard",
            line: "Tu código de acceso a Switchboard es {code}.",
            expiry: "Caduca en 10 minutos. Si no lo has pedido, ignora este correo.",
        },
        Language::Hi => CodeTexts {
            subject: "आपका Switchboard साइन-इन कोड",
            line: "आपका Switchboard साइन-इन कोड {code} है।",
            expiry: "यह 10 मिनट में समाप्त हो जाएगा। अगर आपने यह कोड नहीं माँगा था, तो इस ई-मेल को अनदेखा करें।",
        },
        Language::Id => CodeTexts {
            subject: "Kode masuk Switchboard Anda",
            line: "Kode masuk Switchboard Anda adalah {code}.",
            expiry: "Kode ini kedaluwarsa dalam 10 menit. Jika Anda tidak memintanya, abaikan e-mail ini.",
        },
        Language::PtBr => CodeTexts {
            subject: "Seu código de acesso ao Switchboard",
            line: "Seu código de acesso ao Switchboard é {code}.",
            expiry: "Ele expira em 10 minutos. Se você não pediu este código, ignore este e-mail.",
        },
        Language::PtPt => CodeTexts {
            subject: "O seu código de acesso ao Switchboard",
            line: "O seu código de acesso ao Switchboard é {code}.",
            expiry: "Expira dentro de 10 minutos. Se não pediu este código, ignore este e-mail.",
        },
    }
}

/// The sign-in code e-mail.
pub fn sign_in_code(lang: Language, code: &str) -> Mail {
    code_mail(lang, &code_texts(lang), &[("code", code)])
}

fn join_code_texts(lang: Language) -> CodeTexts {
    match lang {
        Language::En => CodeTexts {
            subject: "Your code to join {org} on Switchboard",
            line: "Your code to join {org} is {code}.",
            expiry: "It expires in 10 minutes. If you did not ask to join, ignore this e-mail.",
        },
        Language::Es => CodeTexts {
            subject: "Tu código para unirte a {org} en Switchboard",
            line: "Tu código para unirte a {org} es {code}.",
            expiry: "Caduca en 10 minutos. Si no has pedido unirte, ignora este correo.",
        },
        Language::Hi => CodeTexts {
            subject: "Switchboard पर {org} से जुड़ने का आपका कोड",
            line: "{org} से जुड़ने का आपका कोड {code} है।",
            expiry: "यह 10 मिनट में समाप्त हो जाएगा। अगर आपने जुड़ने के लिए नहीं कहा था, तो इस ई-मेल को अनदेखा करें।",
        },
        Language::Id => CodeTexts {
            subject: "Kode Anda untuk bergabung dengan {org} di Switchboard",
            line: "Kode Anda untuk bergabung dengan {org} adalah {code}.",
            expiry: "Kode ini kedaluwarsa dalam 10 menit. Jika Anda tidak meminta bergabung, abaikan e-mail ini.",
        },
        Language::PtBr => CodeTexts {
            subject: "Seu código para entrar em {org} no Switchboard",
            line: "Seu código para entrar em {org} é {code}.",
            expiry: "Ele expira em 10 minutos. Se você não pediu para entrar, ignore este e-mail.",
        },
        Language::PtPt => CodeTexts {
            subject: "O seu código para aderir a {org} no Switchboard",
            line: "O seu código para aderir a {org} é {code}.",
            expiry: "Expira dentro de 10 minutos. Se não pediu para aderir, ignore este e-mail.",
        },
    }
}

/// The e-mail with the one-time code that lets its reader join `org` by the organisation's code.
pub fn join_code(lang: Language, code: &str, org: &str) -> Mail {
    code_mail(
        lang,
        &join_code_texts(lang),
        &[("code", code), ("org", org)],
    )
}

/// A one-time code's e-mail: the line with the code set apart (every value escaped), then the
/// expiry.
fn code_mail(lang: Language, t: &CodeTexts, values: &[(&str, &str)]) -> Mail {
    let code = values
        .iter()
        .find(|(k, _)| *k == "code")
        .map_or("", |(_, v)| *v);
    let others: Vec<(&str, &str)> = values
        .iter()
        .copied()
        .filter(|(k, _)| *k != "code")
        .collect();
    let text = format!("{}\n\n{}\n", fill(t.line, values), t.expiry);
    let line = fill_html(t.line, &others).replace(
        "{code}",
        &format!(
            "<strong style=\"font-size:24px;letter-spacing:4px\">{}</strong>",
            escape_html(code)
        ),
    );
    let inner = format!(
        "<p style=\"margin:0 0 16px;font-size:16px\">{line}</p>\n<p style=\"margin:0;color:#52606d\">{}</p>",
        escape_html(t.expiry)
    );
    let subject = fill(t.subject, &others);
    Mail {
        html: page(lang, &subject, &inner),
        subject,
        text,
    }
}

/// The invitation a person sends a friend from Refer and Earn: `{from}` and the link `{link}`.
pub fn referral_invite(lang: Language, from: &str, link: &str) -> Mail {
    let (subject, line, cta) = match lang {
        Language::En => (
            "{from} invites you to Switchboard",
            "{from} uses Switchboard for their team's WhatsApp chats and calls, and invites you to try it. Sign up with this link and get a month of Pro Plus free:",
            "Sign up",
        ),
        Language::Es => (
            "{from} te invita a Switchboard",
            "{from} usa Switchboard para los chats y llamadas de WhatsApp de su equipo y te invita a probarlo. Regístrate con este enlace y obtén un mes de Pro Plus gratis:",
            "Registrarme",
        ),
        Language::Hi => (
            "{from} आपको Switchboard पर आमंत्रित कर रहे हैं",
            "{from} अपनी टीम की WhatsApp चैट और कॉल के लिए Switchboard इस्तेमाल करते हैं और आपको इसे आज़माने के लिए बुला रहे हैं। इस लिंक से साइन अप करें और एक महीने का Pro Plus मुफ़्त पाएँ:",
            "साइन अप करें",
        ),
        Language::Id => (
            "{from} mengundang Anda ke Switchboard",
            "{from} memakai Switchboard untuk chat dan panggilan WhatsApp timnya dan mengundang Anda mencobanya. Daftar dengan tautan ini dan dapatkan Pro Plus gratis selama sebulan:",
            "Daftar",
        ),
        Language::PtBr => (
            "{from} convida você para o Switchboard",
            "{from} usa o Switchboard para os chats e chamadas de WhatsApp da equipe e convida você a experimentar. Cadastre-se com este link e ganhe um mês de Pro Plus grátis:",
            "Cadastrar-me",
        ),
        Language::PtPt => (
            "{from} convida-o para o Switchboard",
            "{from} usa o Switchboard para as conversas e chamadas de WhatsApp da equipa e convida-o a experimentar. Registe-se com esta ligação e ganhe um mês de Pro Plus grátis:",
            "Registar-me",
        ),
    };
    let values = [("from", from)];
    let subject = fill(subject, &values);
    let text = format!("{}\n\n{link}\n", fill(line, &values));
    let inner = format!(
        "<p style=\"margin:0 0 16px;font-size:16px\">{}</p>\n<p style=\"margin:0\"><a href=\"{}\" style=\"color:#0b7a75\">{}</a></p>",
        fill_html(line, &values),
        escape_html(link),
        escape_html(cta)
    );
    Mail {
        html: page(lang, &subject, &inner),
        subject,
        text,
    }
}

struct InvitationTexts {
    /// `{org}`.
    subject: &'static str,
    /// `{inviter}`, `{org}`.
    added: &'static str,
    /// `{email}`, `{org}`.
    how: &'static str,
    /// `{org}`.
    button: &'static str,
    /// Before the bare link in the text part.
    link_intro: &'static str,
    ignore: &'static str,
}

fn invitation_texts(lang: Language) -> InvitationTexts {
    match lang {
        Language::En => InvitationTexts {
            subject: "You're invited to {org} on Switchboard",
            added: "{inviter} invited you to join {org} on Switchboard.",
            how: "Sign in with this e-mail address ({email}): we will send you a one-time code, and you will arrive in {org}.",
            button: "Join {org}",
            link_intro: "Open this link to sign in:",
            ignore: "If you were not expecting this invitation, you can ignore this e-mail.",
        },
        Language::Es => InvitationTexts {
            subject: "Tienes una invitación a {org} en Switchboard",
            added: "{inviter} te ha invitado a unirte a {org} en Switchboard.",
            how: "Inicia sesión con esta dirección de correo ({email}): te enviaremos un código de un solo uso y entrarás directamente en {org}.",
            button: "Unirme a {org}",
            link_intro: "Abre este enlace para iniciar sesión:",
            ignore: "Si no esperabas esta invitación, puedes ignorar este correo.",
        },
        Language::Hi => InvitationTexts {
            subject: "Switchboard पर {org} में शामिल होने का आमंत्रण",
            added: "{inviter} ने आपको Switchboard पर {org} में शामिल होने के लिए आमंत्रित किया है।",
            how: "इसी ई-मेल पते ({email}) से साइन इन करें: हम आपको एक बार इस्तेमाल होने वाला कोड भेजेंगे, और आप सीधे {org} में पहुँचेंगे।",
            button: "{org} में शामिल हों",
            link_intro: "साइन इन करने के लिए यह लिंक खोलें:",
            ignore: "अगर आप इस आमंत्रण की उम्मीद नहीं कर रहे थे, तो इस ई-मेल को अनदेखा कर सकते हैं।",
        },
        Language::Id => InvitationTexts {
            subject: "Undangan bergabung dengan {org} di Switchboard",
            added: "{inviter} mengundang Anda untuk bergabung dengan {org} di Switchboard.",
            how: "Masuk dengan alamat e-mail ini ({email}): kami akan mengirimkan kode sekali pakai, lalu Anda langsung masuk ke {org}.",
            button: "Bergabung dengan {org}",
            link_intro: "Buka tautan ini untuk masuk:",
            ignore: "Jika Anda tidak mengharapkan undangan ini, abaikan saja e-mail ini.",
        },
        Language::PtBr => InvitationTexts {
            subject: "Você recebeu um convite para {org} no Switchboard",
            added: "{inviter} convidou você para fazer parte de {org} no Switchboard.",
            how: "Entre com este endereço de e-mail ({email}): enviaremos um código de uso único e você chegará direto em {org}.",
            button: "Entrar em {org}",
            link_intro: "Abra este link para entrar:",
            ignore: "Se você não esperava este convite, pode ignorar este e-mail.",
        },
        Language::PtPt => InvitationTexts {
            subject: "Recebeu um convite para {org} no Switchboard",
            added: "{inviter} enviou-lhe um convite para se juntar a {org} no Switchboard.",
            how: "Inicie sessão com este endereço de e-mail ({email}): enviaremos um código de utilização única e entrará diretamente em {org}.",
            button: "Juntar-me a {org}",
            link_intro: "Abra esta ligação para iniciar sessão:",
            ignore: "Se não esperava este convite, pode ignorar este e-mail.",
        },
    }
}

/// What an invitation names.
#[derive(Debug, Clone)]
pub struct Invitation<'a> {
    pub org: &'a str,
    /// The inviter's name, else their address.
    pub inviter: &'a str,
    pub email: &'a str,
    /// The sign-in page with the address prefilled (`invitation_link`).
    pub link: &'a str,
}

/// The invitation e-mail.
pub fn invitation(lang: Language, inv: &Invitation<'_>) -> Mail {
    let t = invitation_texts(lang);
    let values = [
        ("org", inv.org),
        ("inviter", inv.inviter),
        ("email", inv.email),
    ];
    let subject = fill(t.subject, &values);
    let text = format!(
        "{}\n\n{}\n\n{}\n{}\n\n{}\n",
        fill(t.added, &values),
        fill(t.how, &values),
        t.link_intro,
        inv.link,
        t.ignore
    );
    let inner = format!(
        "<p style=\"margin:0 0 16px;font-size:16px\">{}</p>\n\
         <p style=\"margin:0 0 24px\">{}</p>\n\
         <p style=\"margin:0 0 24px\"><a href=\"{}\" style=\"display:inline-block;background:#0b7a75;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:bold\">{}</a></p>\n\
         <p style=\"margin:0 0 8px;color:#52606d;font-size:13px\">{}<br><a href=\"{}\" style=\"color:#0b7a75;word-break:break-all\">{}</a></p>\n\
         <p style=\"margin:0;color:#52606d;font-size:13px\">{}</p>",
        fill_html(t.added, &values),
        fill_html(t.how, &values),
        escape_html(inv.link),
        fill_html(t.button, &values),
        escape_html(t.link_intro),
        escape_html(inv.link),
        escape_html(inv.link),
        escape_html(t.ignore),
    );
    Mail {
        html: page(lang, &subject, &inner),
        subject,
        text,
    }
}

/// The link in an invitation: the web app's sign-in page (`public_url` + `/workspace/signup`)
/// with the address prefilled, the organisation to arrive in and the e-mail's language.
pub fn invitation_link(public_url: &str, email: &str, org_code: &str, lang: Language) -> String {
    format!(
        "{}/workspace/signup?email={}&org={}&lang={}",
        public_url.trim_end_matches('/'),
        percent_encode(email),
        percent_encode(org_code),
        percent_encode(lang.tag())
    )
}

/// A query value with everything but RFC 3986's unreserved characters percent-encoded.
fn percent_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for b in value.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The language of an e-mail: the first of these the product speaks (the person's stored
/// choice, the page's language, the inviter's…), else English.
pub fn language_of(candidates: &[Option<&str>]) -> Language {
    candidates
        .iter()
        .flatten()
        .find_map(|tag| Language::from_tag(tag))
        .unwrap_or(Language::En)
}

/// The first language of an `Accept-Language` header the product speaks (the web app sends the
/// language it shows; a browser sends its ordered list).
pub fn header_language(headers: &axum::http::HeaderMap) -> Option<Language> {
    let value = headers
        .get(axum::http::header::ACCEPT_LANGUAGE)?
        .to_str()
        .ok()?;
    value
        .split(',')
        .map(|part| part.split(';').next().unwrap_or_default().trim())
        .find_map(Language::from_tag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_escaped_in_the_html_part_only() {
        let inv = Invitation {
            org: "Tom & Jerry <Ltd>",
            inviter: "\"Ann\"",
            email: "a@example.com",
            link: "http://x.test/workspace/signup?email=a%40example.com&org=AB&lang=en",
        };
        let mail = invitation(Language::En, &inv);
        assert!(mail.html.contains("Tom &amp; Jerry &lt;Ltd&gt;"));
        assert!(!mail.html.contains("<Ltd>"));
        assert!(mail.html.contains("&quot;Ann&quot;"));
        assert!(mail.html.contains("org=AB&amp;lang=en"));
        assert!(mail.text.contains("Tom & Jerry <Ltd>"));
        assert_eq!(
            mail.subject,
            "You're invited to Tom & Jerry <Ltd> on Switchboard"
        );
    }

    #[test]
    fn every_language_has_its_own_words() {
        let mut subjects = std::collections::HashSet::new();
        for lang in Language::ALL {
            let code = sign_in_code(lang, "123456");
            assert!(code.text.contains("123456") && code.html.contains("123456"));
            assert!(code.html.contains(&format!("lang=\"{}\"", lang.tag())));
            assert!(subjects.insert(code.subject));
            let inv = invitation(
                lang,
                &Invitation {
                    org: "Acme",
                    inviter: "Ann",
                    email: "a@example.com",
                    link: "http://x.test/l",
                },
            );
            assert!(!inv.text.contains('{') && !inv.html.contains("{org}"));
            assert!(
                inv.text.contains("http://x.test/l")
                    && inv.html.contains("href=\"http://x.test/l\"")
            );
        }
    }

    #[test]
    fn the_link_carries_the_address_the_organisation_and_the_language() {
        assert_eq!(
            invitation_link("https://app.example.com/", "a+b@example.com", "AB12CD34", Language::PtBr),
            "https://app.example.com/workspace/signup?email=a%2Bb%40example.com&org=AB12CD34&lang=pt-BR"
        );
    }

    #[test]
    fn the_language_is_the_first_one_spoken() {
        assert_eq!(
            language_of(&[None, Some("xx"), Some("es-MX")]),
            Language::Es
        );
        assert_eq!(language_of(&[None]), Language::En);
        let mut h = axum::http::HeaderMap::new();
        h.insert("accept-language", "fr-FR,pt-PT;q=0.8".parse().unwrap());
        assert_eq!(header_language(&h), Some(Language::PtPt));
    }
}
