//! The visitor's country and currency (001 §7 item 9) from a MaxMind-format country database
//! (`billing.geoip_db`, e.g. GeoLite2-Country), opened once when the server starts. Without a database, or
//! for an address it does not place, the currency is unknown and prices show in US dollars.

use crate::state::AppState;
use contract::billing::VisitorCurrency;
use std::net::IpAddr;

pub type Reader = maxminddb::Reader<Vec<u8>>;

/// Opens the configured database; a missing or unreadable file is logged and means "unknown".
pub fn open(path: Option<&std::path::Path>) -> Option<std::sync::Arc<Reader>> {
    let path = path?;
    match Reader::open_readfile(path) {
        Ok(r) => Some(std::sync::Arc::new(r)),
        Err(e) => {
            tracing::warn!(path = %path.display(), error = %e, "geolocation database unreadable");
            None
        }
    }
}

/// The ISO country code of `ip` in the configured database.
pub fn country_of(state: &AppState, ip: IpAddr) -> Option<String> {
    let r = state.geo.as_ref()?;
    let found: maxminddb::geoip2::Country = r.lookup(ip).ok().flatten()?;
    found.country?.iso_code.map(str::to_owned)
}

pub fn visitor_currency(state: &AppState, ip: IpAddr) -> VisitorCurrency {
    let country = country_of(state, ip);
    VisitorCurrency {
        currency: country
            .as_deref()
            .and_then(domain::billing::currency_of_country)
            .map(str::to_owned),
        country,
    }
}
