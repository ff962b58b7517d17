//! A Zoho-linked contact's deals, cases, calls, notes and tasks (issue #29), v2 API: each made
//! with `POST /crm/v2/{module}` (`{"data": [record]}`, the new id at `data[0].details.id`),
//! deals and cases changed with `PUT /crm/v2/{module}/{id}`. A deal's stage is one of the
//! account's own `Stage` picklist values (`GET /crm/v2/settings/fields?module=Deals`: display
//! value, order, `forecast_type` Open / Closed Won / Closed Lost, probability in percent),
//! mapped by `domain::contacts::pipelines`.

use crate::activity::id_at;
use crate::zoho_records::call;
use crate::ConnectorError;
use domain::contacts::pipelines::{CrmPipeline, CrmStage};
use reqwest::Method;
use serde_json::{json, Value};
use std::net::SocketAddr;

/// The modules written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Module {
    Deals,
    Cases,
    Calls,
    Notes,
    Tasks,
}

impl Module {
    fn name(self) -> &'static str {
        match self {
            Module::Deals => "Deals",
            Module::Cases => "Cases",
            Module::Calls => "Calls",
            Module::Notes => "Notes",
            Module::Tasks => "Tasks",
        }
    }
}

/// Makes a record of `module`; answers its id.
pub async fn create(
    api_url: &str,
    token: &str,
    module: Module,
    record: Value,
    allow: &[SocketAddr],
) -> Result<String, ConnectorError> {
    let body = json!({ "data": [record], "trigger": [] });
    let path = format!("/crm/v2/{}", module.name());
    let made = call(
        api_url,
        token,
        Method::POST,
        &path,
        |b| b.json(&body),
        allow,
    )
    .await?;
    id_at(&made, "/data/0/details/id", "zoho record creation")
}

/// Changes record `id` of `module`.
pub async fn update(
    api_url: &str,
    token: &str,
    module: Module,
    id: &str,
    record: Value,
    allow: &[SocketAddr],
) -> Result<(), ConnectorError> {
    let body = json!({ "data": [record], "trigger": [] });
    let path = format!("/crm/v2/{}/{id}", module.name());
    call(api_url, token, Method::PUT, &path, |b| b.json(&body), allow).await?;
    Ok(())
}

/// A deal as Zoho keeps it.
pub struct ZohoDeal<'a> {
    pub name: &'a str,
    /// A decimal in text.
    pub amount: Option<&'a str>,
    /// One of the account's `Stage` values.
    pub stage: &'a str,
    /// `YYYY-MM-DD`; Zoho's deals need one.
    pub closing_date: &'a str,
    pub description: Option<&'a str>,
    /// The contact's Zoho id.
    pub contact_id: &'a str,
}

pub fn deal_record(d: &ZohoDeal<'_>) -> Value {
    json!({
        "Deal_Name": d.name,
        "Stage": d.stage,
        "Amount": d.amount.and_then(|a| a.parse::<f64>().ok()),
        "Closing_Date": d.closing_date,
        "Description": d.description,
        "Contact_Name": { "id": d.contact_id },
    })
}

/// A case of contact `contact_id`: its subject, description, Zoho status (`New`, `On Hold`,
/// `Escalated`, `Closed`) and type (`Problem`, `Feature Request`, `Question`), from a chat.
pub fn case_record(
    subject: &str,
    description: Option<&str>,
    (status, case_type): (&str, Option<&str>),
    contact_id: &str,
) -> Value {
    json!({
        "Subject": subject,
        "Description": description,
        "Status": status,
        "Type": case_type,
        "Case_Origin": "Phone",
        "Related_To": { "id": contact_id },
    })
}

/// A completed call with contact `contact_id`: started at (Zoho's time text), how long
/// (`mm:ss`), its result and notes.
pub fn call_record(
    start: &str,
    duration_secs: i64,
    result: &str,
    description: Option<&str>,
    contact_id: &str,
) -> Value {
    let duration = format!("{:02}:{:02}", duration_secs / 60, duration_secs % 60);
    json!({
        "Subject": format!("WhatsApp call: {result}"),
        "Call_Type": "Outbound",
        "Call_Start_Time": start,
        "Call_Duration": duration,
        "Call_Result": result,
        "Description": description,
        "Who_Id": { "id": contact_id },
        "$se_module": "Contacts",
    })
}

/// The most picklist values read.
const MAX_STAGES: usize = 100;

fn stage(v: &Value) -> Option<CrmStage> {
    let value = v.get("actual_value").or_else(|| v.get("display_value"))?;
    let forecast = v["forecast_type"].as_str().unwrap_or("Open");
    Some(CrmStage {
        id: value.as_str()?.to_owned(),
        label: v["display_value"].as_str().unwrap_or_default().to_owned(),
        display_order: v["sequence_number"].as_i64().unwrap_or(0),
        closed: forecast.starts_with("Closed"),
        probability: v["probability"].as_f64().map(|p| p / 100.0),
    })
}

/// The account's deal stages, as one pipeline (`Stage`).
pub async fn deal_stages(
    api_url: &str,
    token: &str,
    allow: &[SocketAddr],
) -> Result<Vec<CrmPipeline>, ConnectorError> {
    let answer = call(
        api_url,
        token,
        Method::GET,
        "/crm/v2/settings/fields",
        |b| b.query(&[("module", "Deals")]),
        allow,
    )
    .await?;
    let fields = answer
        .as_ref()
        .and_then(|a| a.get("fields"))
        .and_then(Value::as_array)
        .ok_or_else(|| ConnectorError::Upstream("zoho fields: no fields".into()))?;
    let stages = fields
        .iter()
        .find(|f| f["api_name"] == "Stage")
        .and_then(|f| f["pick_list_values"].as_array())
        .map(|values| values.iter().take(MAX_STAGES).filter_map(stage).collect())
        .unwrap_or_default();
    Ok(vec![CrmPipeline {
        id: "Stage".into(),
        display_order: 0,
        stages,
    }])
}

/// A note on contact `contact_id` (the contact its parent).
pub fn note_record(contact_id: &str, title: &str, body: &str) -> Value {
    json!({
        "Note_Title": title,
        "Note_Content": body,
        "Parent_Id": contact_id,
        "se_module": "Contacts",
    })
}

/// A task on contact `contact_id` (its `Who_Id`), due on `due_date` (`YYYY-MM-DD`: Zoho's
/// tasks have a day).
pub fn task_record(
    contact_id: &str,
    subject: &str,
    description: Option<&str>,
    due_date: &str,
) -> Value {
    json!({
        "Subject": subject,
        "Description": description.unwrap_or(""),
        "Due_Date": due_date,
        "Status": "Not Started",
        "Who_Id": contact_id,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stage_reads_zohos_picklist_value() {
        let won = stage(
            &json!({ "display_value": "Closed Won", "actual_value": "Closed Won",
            "sequence_number": 8, "forecast_type": "Closed Won", "probability": 100 }),
        )
        .unwrap();
        assert!(won.closed);
        assert_eq!(won.probability, Some(1.0));
        let open = stage(
            &json!({ "display_value": "Needs Analysis", "actual_value": "Needs Analysis",
            "sequence_number": 2, "forecast_type": "Open", "probability": 20 }),
        )
        .unwrap();
        assert!(!open.closed);
        assert_eq!(open.id, "Needs Analysis");
    }

    #[test]
    fn a_call_lasts_minutes_and_seconds() {
        let r = call_record("2026-11-29T10:00:00+05:30", 125, "Busy", None, "55");
        assert_eq!(r["Call_Duration"], "02:05");
        assert_eq!(r["Who_Id"]["id"], "55");
    }
}
