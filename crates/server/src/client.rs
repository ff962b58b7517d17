//! Who is calling, by network address: the one place that reads `X-Forwarded-For`. Every rate
//! limit (operator sign-in, error reports) and the visitor's country ask `client_ip`, so a
//! billing setting cannot silently change how sign-ins are counted. With `trusted_proxy_hops`
//! = N the caller is the Nth entry from the right — the one the outermost proxy we run wrote;
//! what a client put to the left of it is never believed. Limits count IPv6 callers by their
//! /64 (`limit_key`): one host usually holds a whole /64.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::HeaderMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};

/// The caller's address: the socket peer with no trusted proxy, else the `hops`-th entry of
/// `X-Forwarded-For` from the right (every such header, in order, joined). When the header has
/// fewer entries than `hops`, the leftmost one (all were written by our proxies); when it is
/// missing or unreadable, the peer.
pub fn client_ip(headers: &HeaderMap, peer: IpAddr, hops: u32) -> IpAddr {
    if hops == 0 {
        return peer;
    }
    let entries: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|e| !e.is_empty())
        .collect();
    let Some(last) = entries.len().checked_sub(1) else {
        return peer;
    };
    let index = last.saturating_sub(hops as usize - 1);
    parse_entry(entries[index]).unwrap_or(peer)
}

/// An `X-Forwarded-For` entry: an address, with or without a port (`[v6]:port`, `v4:port`).
fn parse_entry(entry: &str) -> Option<IpAddr> {
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .map(|ip| ip.to_canonical())
}

/// What rate limits count by: an IPv4 address as it is, an IPv6 address as its /64
/// (`2001:db8:1:2::/64`).
pub fn limit_key(ip: IpAddr) -> String {
    match ip.to_canonical() {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let s = v6.segments();
            let net = std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0);
            format!("{net}/64")
        }
    }
}

/// The caller of a request, as `client_ip` finds it with the configured hops.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub IpAddr);

impl ClientAddr {
    /// The key rate limits count this caller by.
    pub fn key(&self) -> String {
        limit_key(self.0)
    }
}

impl FromRequestParts<crate::state::AppState> for ClientAddr {
    type Rejection = Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &crate::state::AppState,
    ) -> Result<Self, Infallible> {
        // The peer is there when served by `serve_state`; a router driven without connection
        // info (unit tests) counts as loopback.
        let peer = parts
            .extensions
            .get::<axum::extract::ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::from([127, 0, 0, 1]), |c| c.0.ip());
        Ok(ClientAddr(client_ip(
            &parts.headers,
            peer,
            state.config.proxy_hops(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", HeaderValue::from_str(v).unwrap());
        }
        h
    }

    const PEER: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 9));

    #[test]
    fn without_trusted_proxies_the_header_is_ignored() {
        let h = headers(&["203.0.113.7"]);
        assert_eq!(client_ip(&h, PEER, 0), PEER);
    }

    #[test]
    fn with_hops_the_entry_our_proxies_wrote_is_taken_never_the_clients() {
        // The client wrote 1.1.1.1; our one proxy appended what it saw.
        let h = headers(&["1.1.1.1, 203.0.113.7"]);
        assert_eq!(
            client_ip(&h, PEER, 1),
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        // Two proxies: the outer one wrote 198.51.100.2, the inner one our outer proxy's.
        let h = headers(&["1.1.1.1, 198.51.100.2", "10.0.0.1"]);
        assert_eq!(
            client_ip(&h, PEER, 2),
            "198.51.100.2".parse::<IpAddr>().unwrap()
        );
        // Fewer entries than hops: the leftmost; none or garbage: the peer.
        assert_eq!(
            client_ip(&headers(&["198.51.100.2"]), PEER, 3),
            "198.51.100.2".parse::<IpAddr>().unwrap()
        );
        assert_eq!(client_ip(&headers(&[]), PEER, 1), PEER);
        assert_eq!(client_ip(&headers(&["not an address"]), PEER, 1), PEER);
        assert_eq!(
            client_ip(&headers(&["[2001:db8::1]:443"]), PEER, 1),
            "2001:db8::1".parse::<IpAddr>().unwrap()
        );
    }

    #[test]
    fn the_deprecated_billing_flag_counts_as_one_hop() {
        let mut c = crate::config::Config::default();
        assert_eq!(c.proxy_hops(), 0);
        c.billing.trust_forwarded_for = true;
        assert_eq!(c.proxy_hops(), 1);
        c.trusted_proxy_hops = 2;
        assert_eq!(c.proxy_hops(), 2);
    }

    #[test]
    fn limits_count_ipv6_by_its_slash_64_and_ipv4_as_it_is() {
        let a = limit_key("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = limit_key("2001:db8:1:2:ffff:1:2:3".parse().unwrap());
        assert_eq!(a, "2001:db8:1:2::/64");
        assert_eq!(a, b);
        assert_ne!(a, limit_key("2001:db8:1:3::1".parse().unwrap()));
        assert_eq!(limit_key("203.0.113.7".parse().unwrap()), "203.0.113.7");
        assert_eq!(
            limit_key("::ffff:203.0.113.7".parse().unwrap()),
            "203.0.113.7"
        );
    }
}
