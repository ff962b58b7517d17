//! `fake-providers --redirect <url>`: the fake providers on a free loopback port, for the
//! end-to-end suite and local runs. Prints one JSON line — the base `url`, the `addr`, the
//! webhook receiver's `hook`, the `credentials` a person types into the connect forms, and the
//! `env` that points `switchboard serve` at the fake — then serves until stopped (SIGTERM). `--redirect` is the server's `oauth_redirect_url`, where consent pages
//! without a `redirect_uri` (Bitrix) return; the fake payment provider's webhooks go to the same
//! server's `/api/billing/stripe/webhook`.

use fakes::providers::{
    FakeProviders, FRESHDESK_API_KEY, LEADSQUARED_ACCESS_KEY, LEADSQUARED_SECRET_KEY, WAHA_API_KEY,
};
use serde_json::json;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let mut redirect = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--redirect" => redirect = args.next(),
            other => {
                anyhow::bail!("unknown argument {other}; usage: fake-providers --redirect <url>")
            }
        }
    }
    let fake = FakeProviders::start().await?;
    if let Some(r) = &redirect {
        fake.set_registered_redirect(r);
        // The payment provider's webhooks go to the same server.
        let origin = url::Url::parse(r)?.origin().ascii_serialization();
        fake.set_stripe_webhook(&format!("{origin}/api/billing/stripe/webhook"));
    }
    let env: serde_json::Map<String, serde_json::Value> = fake
        .server_env()
        .into_iter()
        .map(|(k, v)| (k, json!(v)))
        .collect();
    println!(
        "{}",
        json!({
            "url": fake.url(""),
            "addr": fake.addr.to_string(),
            "hook": fake.url("/webhook/receive"),
            "credentials": {
                "freshdesk_api_key": FRESHDESK_API_KEY,
                "leadsquared_access_key": LEADSQUARED_ACCESS_KEY,
                "leadsquared_secret_key": LEADSQUARED_SECRET_KEY,
                "waha_api_key": WAHA_API_KEY,
            },
            "waha": fake.waha_url(),
            "env": env,
        })
    );
    // Serve until stopped (SIGTERM from the suite's teardown, or Ctrl-C).
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        _ = term.recv() => {}
        _ = tokio::signal::ctrl_c() => {}
    }
    drop(fake);
    Ok(())
}
