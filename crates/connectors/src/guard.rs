//! The address guard: the one check every user-supplied URL passes (webhook endpoints, the
//! LeadSquared proxy, Freshdesk and Bitrix domains, LeadSquared hosts) so that the server cannot
//! be turned against its own network (SSRF). Names are resolved here and the request is then
//! made to the vetted addresses only, so a name that resolves differently a moment later (DNS
//! rebinding) is not followed.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use url::Url;

/// Why an address was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GuardError {
    #[error("not an absolute URL")]
    NotAUrl,
    #[error("only http and https may be used")]
    Scheme,
    #[error("the URL has no host")]
    NoHost,
    #[error("user names and passwords in URLs are not accepted")]
    Credentials,
    #[error("the host is not one this call may reach")]
    HostNotAllowed,
    #[error("the host does not resolve")]
    Unresolved,
    #[error("the host resolves to a non-public address")]
    NonPublic,
}

/// A URL whose host resolved to public addresses (or to addresses the allow-list names).
#[derive(Debug, Clone)]
pub struct GuardedUrl {
    pub url: Url,
    pub host: String,
    pub addrs: Vec<SocketAddr>,
}

impl GuardedUrl {
    /// A client that connects to `host` by the vetted addresses only and follows no redirect
    /// (a redirect could point anywhere).
    pub fn client(&self) -> Result<reqwest::Client, crate::ConnectorError> {
        let mut b = reqwest::Client::builder()
            .timeout(crate::TIMEOUT)
            .redirect(reqwest::redirect::Policy::none());
        if self.host.parse::<IpAddr>().is_err() {
            b = b.resolve_to_addrs(&self.host, &self.addrs);
        }
        Ok(b.build()?)
    }
}

/// True for addresses nobody outside may be sent to: loopback, private, link-local (including
/// the cloud metadata address 169.254.169.254), unspecified, multicast, broadcast, shared
/// (100.64/10), `0/8`, and their IPv6 equivalents (`::1`, `fc00::/7`, `fe80::/10`, IPv4-mapped
/// and -compatible forms of the above).
pub fn is_non_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4_non_public(v4),
        IpAddr::V6(v6) => v6_non_public(v6),
    }
}

fn v4_non_public(ip: Ipv4Addr) -> bool {
    let o = ip.octets();
    ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_multicast()
        || ip.is_broadcast()
        || o[0] == 0
        || (o[0] == 100 && (o[1] & 0xc0) == 64)
        || (o[0] == 192 && o[1] == 0 && o[2] == 0)
        || o[0] >= 240
}

fn v6_non_public(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return v4_non_public(v4);
    }
    let s = ip.segments();
    // IPv4-compatible (::a.b.c.d, deprecated) and NAT64 (64:ff9b::/96) carry an IPv4 address.
    if s[..6] == [0, 0, 0, 0, 0, 0] || s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        let v4 = Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8);
        return ip.is_loopback() || ip.is_unspecified() || v4_non_public(v4);
    }
    ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        || (s[0] & 0xfe00) == 0xfc00
        || (s[0] & 0xffc0) == 0xfe80
        || (s[0] & 0xffc0) == 0xfec0
}

/// Parses `raw`, refuses anything but http(s) without embedded credentials, resolves the host
/// (tokio's `lookup_host`) and refuses it when any address it resolves to is non-public —
/// unless that exact `ip:port` is on `allow` (how tests reach the fakes on 127.0.0.1).
pub async fn guard_url(raw: &str, allow: &[SocketAddr]) -> Result<GuardedUrl, GuardError> {
    let url = Url::parse(raw.trim()).map_err(|_| GuardError::NotAUrl)?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(GuardError::Scheme);
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(GuardError::Credentials);
    }
    let host = match url.host() {
        Some(url::Host::Domain(d)) => d.to_owned(),
        Some(url::Host::Ipv4(ip)) => ip.to_string(),
        Some(url::Host::Ipv6(ip)) => ip.to_string(),
        None => return Err(GuardError::NoHost),
    };
    let port = url.port_or_known_default().ok_or(GuardError::NoHost)?;
    let addrs: Vec<SocketAddr> = match host.parse::<IpAddr>() {
        Ok(ip) => vec![SocketAddr::new(ip, port)],
        Err(_) => tokio::net::lookup_host((host.as_str(), port))
            .await
            .map_err(|_| GuardError::Unresolved)?
            .collect(),
    };
    if addrs.is_empty() {
        return Err(GuardError::Unresolved);
    }
    if addrs
        .iter()
        .any(|a| is_non_public(a.ip()) && !allow.contains(a))
    {
        return Err(GuardError::NonPublic);
    }
    Ok(GuardedUrl { url, host, addrs })
}

/// True when `host` is one of `suffixes` or ends with `.<suffix>` (a suffix may be written with
/// or without its leading dot). Compared case-insensitively.
pub fn host_has_suffix(host: &str, suffixes: &[String]) -> bool {
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    suffixes.iter().any(|s| {
        let s = s.trim_start_matches('.').to_ascii_lowercase();
        !s.is_empty() && (host == s || host.ends_with(&format!(".{s}")))
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    async fn refused(raw: &str) -> GuardError {
        guard_url(raw, &[]).await.unwrap_err()
    }

    #[tokio::test]
    async fn loopback_private_and_link_local_addresses_are_refused() {
        for raw in [
            "http://127.0.0.1/",
            "http://127.1.2.3:8080/x",
            "http://10.0.0.1/",
            "http://172.16.0.1/",
            "http://172.31.255.255/",
            "http://192.168.1.1/",
            "http://169.254.169.254/latest/meta-data/",
            "http://0.0.0.0/",
            "http://100.64.0.1/",
            "http://224.0.0.1/",
            "http://255.255.255.255/",
            "http://[::1]/",
            "http://[::]/",
            "http://[fc00::1]/",
            "http://[fd12:3456::1]/",
            "http://[fe80::1]/",
            "http://[::ffff:127.0.0.1]/",
            "http://[::ffff:169.254.169.254]/",
            "http://[::ffff:10.0.0.1]/",
            "http://[64:ff9b::a00:1]/",
            "http://2130706433/",
            "http://0x7f.0.0.1/",
        ] {
            assert_eq!(refused(raw).await, GuardError::NonPublic, "{raw}");
        }
    }

    #[tokio::test]
    async fn a_name_that_resolves_to_loopback_is_refused() {
        assert_eq!(refused("http://localhost:9/").await, GuardError::NonPublic);
    }

    #[tokio::test]
    async fn schemes_other_than_http_and_https_are_refused() {
        for raw in [
            "file:///etc/passwd",
            "ftp://example.com/",
            "gopher://example.com/",
            "javascript:alert(1)",
        ] {
            assert_eq!(refused(raw).await, GuardError::Scheme, "{raw}");
        }
        assert_eq!(refused("not a url").await, GuardError::NotAUrl);
        assert_eq!(
            refused("http://user:pw@93.184.215.14/").await,
            GuardError::Credentials
        );
    }

    #[tokio::test]
    async fn a_public_address_passes_and_an_allowed_socket_address_passes() {
        let ok = guard_url("https://93.184.215.14/hook", &[]).await.unwrap();
        assert_eq!(ok.addrs, vec!["93.184.215.14:443".parse().unwrap()]);
        let allowed: SocketAddr = "127.0.0.1:4567".parse().unwrap();
        assert!(guard_url("http://127.0.0.1:4567/x", &[allowed])
            .await
            .is_ok());
        // The allow-list names one port, not the whole host.
        assert_eq!(
            guard_url("http://127.0.0.1:4568/x", &[allowed])
                .await
                .unwrap_err(),
            GuardError::NonPublic
        );
    }

    #[test]
    fn host_suffixes_match_whole_labels_only() {
        let s = vec![".leadsquared.com".to_owned()];
        assert!(host_has_suffix("api-in21.leadsquared.com", &s));
        assert!(host_has_suffix("LeadSquared.com", &s));
        assert!(!host_has_suffix("evilleadsquared.com", &s));
        assert!(!host_has_suffix("leadsquared.com.evil.test", &s));
    }
}
