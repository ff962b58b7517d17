//! A CRM account's own pipelines (HubSpot's deal and ticket pipelines, read from the account):
//! which of its pipelines Switchboard's deals and tickets go to, and which of its stages each of
//! Switchboard's stages is. An account that kept HubSpot's defaults maps one to one; one that
//! renamed, reordered or replaced stages still gets every deal in a stage that means the same.

use super::deals::DEAL_STAGES;
use super::service::TICKET_STATUSES;

/// A stage of a CRM pipeline, as the account has it.
#[derive(Debug, Clone, PartialEq)]
pub struct CrmStage {
    pub id: String,
    pub label: String,
    pub display_order: i64,
    /// A deal stage: whether it closes the deal, and the chance of winning it (1 won, 0 lost).
    pub closed: bool,
    pub probability: Option<f64>,
}

/// A pipeline of the account.
#[derive(Debug, Clone, PartialEq)]
pub struct CrmPipeline {
    pub id: String,
    pub display_order: i64,
    pub stages: Vec<CrmStage>,
}

/// Where Switchboard's stages go in an account: the pipeline and, for each of Switchboard's
/// stages (in its order), the account's stage id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageMap {
    pub pipeline: String,
    pub stages: Vec<(&'static str, String)>,
}

impl StageMap {
    /// The account's stage of Switchboard's `stage`.
    pub fn stage(&self, stage: &str) -> Option<&str> {
        self.stages
            .iter()
            .find(|(ours, _)| *ours == stage)
            .map(|(_, theirs)| theirs.as_str())
    }

    /// Switchboard's stage of the account's `stage` (the first that maps to it).
    pub fn ours(&self, stage: &str) -> Option<&'static str> {
        self.stages
            .iter()
            .find(|(_, theirs)| theirs == stage)
            .map(|(ours, _)| *ours)
    }
}

fn words(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The pipeline named `default_id`, else the account's first (one with stages).
fn chosen<'p>(pipelines: &'p [CrmPipeline], default_id: &str) -> Option<&'p CrmPipeline> {
    let usable = || pipelines.iter().filter(|p| !p.stages.is_empty());
    usable()
        .find(|p| p.id == default_id)
        .or_else(|| usable().min_by_key(|p| (p.display_order, p.id.clone())))
}

/// Maps `ours` (keys with their plain labels, in order; `closing` says which close and whether
/// as won) onto `pipeline`'s stages: the stage with the same id, else the same label, else a
/// closing stage by its probability (won 1, lost 0), else the open stage at the same place in
/// the order (the last open one past the end).
fn map(pipeline: &CrmPipeline, ours: &[(&'static str, &str, Option<bool>)]) -> StageMap {
    let mut stages = pipeline.stages.clone();
    stages.sort_by_key(|s| (s.display_order, s.id.clone()));
    let open: Vec<&CrmStage> = stages.iter().filter(|s| !s.closed).collect();
    let mut open_index = 0;
    let mapped = ours
        .iter()
        .map(|(key, label, closing)| {
            let place = open_index;
            if closing.is_none() {
                open_index += 1;
            }
            let by_id = stages.iter().find(|s| s.id == *key);
            let by_label = || stages.iter().find(|s| words(&s.label) == words(label));
            let by_meaning = || match closing {
                Some(won) => stages
                    .iter()
                    .filter(|s| s.closed)
                    .find(|s| {
                        let p = s.probability.unwrap_or(if *won { 1.0 } else { 0.0 });
                        if *won {
                            p >= 0.999
                        } else {
                            p <= 0.001
                        }
                    })
                    .or_else(|| stages.iter().rev().find(|s| s.closed)),
                None => open.get(place.min(open.len().saturating_sub(1))).copied(),
            };
            let found = by_id
                .or_else(by_label)
                .or_else(by_meaning)
                .or(stages.last())
                .map(|s| s.id.clone())
                .unwrap_or_default();
            (*key, found)
        })
        .collect();
    StageMap {
        pipeline: pipeline.id.clone(),
        stages: mapped,
    }
}

/// Deals: the account's `default` pipeline (else its first) and the seven stages of 000 §3.
pub fn deal_stages(pipelines: &[CrmPipeline]) -> Option<StageMap> {
    let labels = [
        "Appointment Scheduled",
        "Qualified To Buy",
        "Presentation Scheduled",
        "Decision Maker Bought In",
        "Contract Sent",
        "Closed Won",
        "Closed Lost",
    ];
    let ours: Vec<(&'static str, &str, Option<bool>)> = DEAL_STAGES
        .iter()
        .zip(labels)
        .map(|(k, l)| {
            let closing = match *k {
                "closedwon" => Some(true),
                "closedlost" => Some(false),
                _ => None,
            };
            (*k, l, closing)
        })
        .collect();
    chosen(pipelines, "default").map(|p| map(p, &ours))
}

/// Tickets: the account's support pipeline `0` (else its first), HubSpot's default stage ids
/// `1`–`4` standing for the four statuses; a ticket stage is closed when its `ticketState` is.
pub fn ticket_stages(pipelines: &[CrmPipeline]) -> Option<StageMap> {
    let ids = ["1", "2", "3", "4"];
    let labels = ["New", "Waiting on contact", "Waiting on us", "Closed"];
    let p = chosen(pipelines, "0")?;
    // HubSpot's default ids are not the statuses' keys: match on them first.
    let ours: Vec<(&'static str, &str, Option<bool>)> = TICKET_STATUSES
        .iter()
        .zip(labels)
        .map(|(k, l)| (*k, l, (*k == "closed").then_some(true)))
        .collect();
    let by_default_id = |i: usize| {
        p.stages
            .iter()
            .find(|s| s.id == ids[i])
            .map(|s| s.id.clone())
    };
    let mut mapped = map(p, &ours);
    for (i, (_, theirs)) in mapped.stages.iter_mut().enumerate() {
        if let Some(id) = by_default_id(i) {
            *theirs = id;
        }
    }
    Some(mapped)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stage(id: &str, label: &str, order: i64, closed: bool, p: Option<f64>) -> CrmStage {
        CrmStage {
            id: id.into(),
            label: label.into(),
            display_order: order,
            closed,
            probability: p,
        }
    }

    fn hubspot_default() -> CrmPipeline {
        let labels = [
            "Appointment scheduled",
            "Qualified to buy",
            "Presentation scheduled",
            "Decision maker bought-in",
            "Contract sent",
            "Closed won",
            "Closed lost",
        ];
        CrmPipeline {
            id: "default".into(),
            display_order: 0,
            stages: DEAL_STAGES
                .iter()
                .zip(labels)
                .enumerate()
                .map(|(i, (k, l))| {
                    let closed = k.starts_with("closed");
                    stage(
                        k,
                        l,
                        i as i64,
                        closed,
                        closed.then_some(if *k == "closedwon" { 1.0 } else { 0.0 }),
                    )
                })
                .collect(),
        }
    }

    #[test]
    fn an_account_with_the_defaults_maps_one_to_one() {
        let m = deal_stages(&[hubspot_default()]).unwrap();
        assert_eq!(m.pipeline, "default");
        for k in DEAL_STAGES {
            assert_eq!(m.stage(k), Some(k));
            assert_eq!(m.ours(k), Some(k));
        }
    }

    #[test]
    fn a_replaced_pipeline_maps_by_label_then_by_meaning_and_order() {
        // A sales team's own pipeline: numeric ids, two stages renamed, one stage fewer.
        let own = CrmPipeline {
            id: "84512".into(),
            display_order: 1,
            stages: vec![
                stage("1001", "New enquiry", 0, false, Some(0.1)),
                stage("1002", "Qualified to buy", 1, false, Some(0.3)),
                stage("1003", "Demo booked", 2, false, Some(0.5)),
                stage("1004", "Proposal sent", 3, false, Some(0.8)),
                stage("1005", "Won", 5, true, Some(1.0)),
                stage("1006", "Lost", 6, true, Some(0.0)),
            ],
        };
        let empty = CrmPipeline {
            id: "9".into(),
            display_order: 0,
            stages: vec![],
        };
        let m = deal_stages(&[own, empty]).unwrap();
        assert_eq!(m.pipeline, "84512");
        let got: Vec<&str> = DEAL_STAGES.iter().map(|k| m.stage(k).unwrap()).collect();
        // Appointment → first open; Qualified by label; the next two by place; Contract Sent
        // past the open stages → the last open one; won and lost by probability.
        assert_eq!(
            got,
            ["1001", "1002", "1003", "1004", "1004", "1005", "1006"]
        );
        assert_eq!(m.ours("1004"), Some("decisionmakerboughtin"));
        assert_eq!(deal_stages(&[]), None);
    }

    #[test]
    fn tickets_keep_hubspots_default_ids_and_map_an_own_pipeline_by_label() {
        let default = CrmPipeline {
            id: "0".into(),
            display_order: 0,
            stages: ["1", "2", "3", "4"]
                .iter()
                .enumerate()
                .map(|(i, id)| stage(id, &format!("Stage {id}"), i as i64, *id == "4", None))
                .collect(),
        };
        let m = ticket_stages(&[default]).unwrap();
        let got: Vec<&str> = TICKET_STATUSES
            .iter()
            .map(|k| m.stage(k).unwrap())
            .collect();
        assert_eq!(got, ["1", "2", "3", "4"]);
        let own = CrmPipeline {
            id: "77".into(),
            display_order: 0,
            stages: vec![
                stage("a", "New", 0, false, None),
                stage("b", "Waiting on us", 1, false, None),
                stage("c", "Waiting on contact", 2, false, None),
                stage("d", "Done", 3, true, None),
            ],
        };
        let m = ticket_stages(&[own]).unwrap();
        let got: Vec<&str> = TICKET_STATUSES
            .iter()
            .map(|k| m.stage(k).unwrap())
            .collect();
        assert_eq!(got, ["a", "c", "b", "d"]);
    }
}
