//! 001 §3 tasks: a name, a date, a status (Completed among them), a priority (none … very high),
//! who it is assigned to, and who sees it. Who sees it (docs/DECISIONS.md): `personal` its
//! creator only; `self` its creator and its assignee; `team` the creator's team; `shared` and
//! `org` everyone with the team inbox (`shared` names a task made for the conversation's team
//! work, `org` one of the organisation's own; both are seen alike).

use crate::manage::Priority;
use crate::RuleError;

/// The most characters of a task's name.
pub const MAX_TASK_NAME: usize = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaskStatus {
    Open,
    InProgress,
    Completed,
}

impl TaskStatus {
    pub const ALL: [TaskStatus; 3] = [
        TaskStatus::Open,
        TaskStatus::InProgress,
        TaskStatus::Completed,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            TaskStatus::Open => "open",
            TaskStatus::InProgress => "in_progress",
            TaskStatus::Completed => "completed",
        }
    }

    pub fn parse(raw: &str) -> Option<TaskStatus> {
        TaskStatus::ALL.into_iter().find(|s| s.code() == raw)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    Personal,
    Shared,
    SelfOnly,
    Team,
    Org,
}

impl Visibility {
    pub const ALL: [Visibility; 5] = [
        Visibility::Personal,
        Visibility::Shared,
        Visibility::SelfOnly,
        Visibility::Team,
        Visibility::Org,
    ];

    pub const fn code(self) -> &'static str {
        match self {
            Visibility::Personal => "personal",
            Visibility::Shared => "shared",
            Visibility::SelfOnly => "self",
            Visibility::Team => "team",
            Visibility::Org => "org",
        }
    }

    pub fn parse(raw: &str) -> Option<Visibility> {
        Visibility::ALL.into_iter().find(|s| s.code() == raw)
    }
}

/// A task form as sent.
#[derive(Debug, Clone, Default)]
pub struct TaskInput<'a> {
    pub name: &'a str,
    pub status: Option<&'a str>,
    pub priority: Option<&'a str>,
    pub visibility: Option<&'a str>,
}

/// A task's checked fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Task {
    pub name: String,
    pub status: TaskStatus,
    pub priority: Priority,
    pub visibility: Visibility,
}

/// The form's checks: a name (`name`: fields_required), and known codes (`value_invalid` on the
/// field). Absent: open, no priority, shared.
pub fn checked_task(input: &TaskInput<'_>) -> Result<Task, (&'static str, RuleError)> {
    let name = input.name.trim();
    if name.is_empty() || name.chars().count() > MAX_TASK_NAME {
        return Err(("name", RuleError::FieldsRequired));
    }
    let status = match input.status {
        None => TaskStatus::Open,
        Some(s) => TaskStatus::parse(s).ok_or(("status", RuleError::ValueInvalid))?,
    };
    let priority = match input.priority {
        None => Priority::None,
        Some(p) => Priority::parse(p).ok_or(("priority", RuleError::ValueInvalid))?,
    };
    let visibility = match input.visibility {
        None => Visibility::Shared,
        Some(v) => Visibility::parse(v).ok_or(("visibility", RuleError::ValueInvalid))?,
    };
    Ok(Task {
        name: name.to_owned(),
        status,
        priority,
        visibility,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_task_needs_a_name_and_known_codes() {
        let ok = checked_task(&TaskInput {
            name: "  Call back ",
            ..Default::default()
        })
        .unwrap();
        assert_eq!(
            (ok.name.as_str(), ok.status, ok.priority, ok.visibility),
            (
                "Call back",
                TaskStatus::Open,
                Priority::None,
                Visibility::Shared
            )
        );
        assert_eq!(
            checked_task(&TaskInput {
                name: " ",
                ..Default::default()
            }),
            Err(("name", RuleError::FieldsRequired))
        );
        for (field, input) in [
            (
                "status",
                TaskInput {
                    name: "x",
                    status: Some("done"),
                    ..Default::default()
                },
            ),
            (
                "priority",
                TaskInput {
                    name: "x",
                    priority: Some("urgent"),
                    ..Default::default()
                },
            ),
            (
                "visibility",
                TaskInput {
                    name: "x",
                    visibility: Some("public"),
                    ..Default::default()
                },
            ),
        ] {
            assert_eq!(checked_task(&input), Err((field, RuleError::ValueInvalid)));
        }
        let all = checked_task(&TaskInput {
            name: "x",
            status: Some("completed"),
            priority: Some("very_high"),
            visibility: Some("self"),
        })
        .unwrap();
        assert_eq!(
            (all.status, all.priority, all.visibility),
            (
                TaskStatus::Completed,
                Priority::VeryHigh,
                Visibility::SelfOnly
            )
        );
    }
}
