//! `always_on_plans`: the plans discovery filed, one per dedupe key and project.

use std::path::{Path, PathBuf};

use rusqlite::{OptionalExtension, Row, params};
use serde::Serialize;

use super::{Db, text};
use crate::always_on::Error;
use crate::always_on::state::PlanStatus;
use crate::home::ProjectKey;
use crate::store;

/// A plan filed by discovery.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlanRow {
    pub id: String,
    pub project_key: String,
    pub run_id: String,
    pub title: String,
    pub dedupe_key: String,
    pub status: PlanStatus,
    pub cycle_id: Option<String>,
    pub created_at: i64,
    pub plan_file: PathBuf,
    pub report_file: Option<PathBuf>,
}

fn plan_row(r: &Row<'_>) -> rusqlite::Result<PlanRow> {
    Ok(PlanRow {
        id: r.get(0)?,
        project_key: r.get(1)?,
        run_id: r.get(2)?,
        title: r.get(3)?,
        dedupe_key: r.get(4)?,
        status: r.get(5)?,
        cycle_id: r.get(6)?,
        created_at: r.get(7)?,
        plan_file: PathBuf::from(r.get::<_, String>(8)?),
        report_file: r.get::<_, Option<String>>(9)?.map(PathBuf::from),
    })
}
const PLAN_COLS: &str = "id, project_key, run_id, title, dedupe_key, status, cycle_id, created_at, plan_file, report_file";

impl Db {
    pub fn plan(&self, id: &str) -> Result<Option<PlanRow>, Error> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {PLAN_COLS} FROM always_on_plans WHERE id = ?1"),
                [id],
                plan_row,
            )
            .optional()?)
    }

    /// Saves a new plan; `Ok(Some(existing))` when the dedupe key is taken (nothing saved).
    pub fn insert_plan(&mut self, plan: &PlanRow) -> Result<Option<PlanRow>, Error> {
        store::immediate(&mut self.conn, |tx| {
            let existing = tx
                .query_row(
                    &format!(
                        "SELECT {PLAN_COLS} FROM always_on_plans
                         WHERE project_key = ?1 AND dedupe_key = ?2"
                    ),
                    params![plan.project_key, plan.dedupe_key],
                    plan_row,
                )
                .optional()?;
            if existing.is_some() {
                return Ok::<_, Error>(existing);
            }
            tx.execute(
                &format!("INSERT INTO always_on_plans ({PLAN_COLS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"),
                params![
                    plan.id,
                    plan.project_key,
                    plan.run_id,
                    plan.title,
                    plan.dedupe_key,
                    plan.status,
                    plan.cycle_id,
                    plan.created_at,
                    text(&plan.plan_file),
                    plan.report_file.as_deref().map(text)
                ],
            )?;
            Ok(None)
        })
    }

    pub fn plans(&self, key: Option<&ProjectKey>) -> Result<Vec<PlanRow>, Error> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {PLAN_COLS} FROM always_on_plans WHERE (?1 IS NULL OR project_key = ?1)
             ORDER BY created_at DESC, id DESC"
        ))?;
        let rows = stmt
            .query_map([key.map(|k| k.0.as_str())], plan_row)?
            .collect::<Result<_, _>>()?;
        Ok(rows)
    }

    /// The plan whose id is `query` or starts with it.
    pub fn find_plan(&self, query: &str) -> Result<PlanRow, Error> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {PLAN_COLS} FROM always_on_plans WHERE id = ?1 OR id LIKE ?2 ESCAPE '\\'
             ORDER BY id LIMIT 10"
        ))?;
        let pattern = format!(
            "{}%",
            query
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_")
        );
        let rows: Vec<PlanRow> = stmt
            .query_map(params![query, pattern], plan_row)?
            .collect::<Result<_, _>>()?;
        if let Some(exact) = rows.iter().find(|p| p.id == query) {
            return Ok(exact.clone());
        }
        match rows.len() {
            0 => Err(Error::PlanNotFound {
                query: query.to_owned(),
            }),
            1 => Ok(rows.into_iter().next().ok_or_else(|| Error::PlanNotFound {
                query: query.to_owned(),
            })?),
            _ => Err(Error::AmbiguousPlan {
                query: query.to_owned(),
                ids: rows.into_iter().map(|p| p.id).collect(),
            }),
        }
    }

    pub fn plans_in_cycle(&self, cycle: &str) -> Result<u32, Error> {
        Ok(self.conn.query_row(
            "SELECT COUNT(*) FROM always_on_plans WHERE cycle_id = ?1",
            [cycle],
            |r| r.get(0),
        )?)
    }

    pub fn set_plan_status(
        &self,
        id: &str,
        status: PlanStatus,
        cycle: Option<&str>,
        report: Option<&Path>,
    ) -> Result<(), Error> {
        self.conn.execute(
            "UPDATE always_on_plans SET status = ?2, cycle_id = COALESCE(?3, cycle_id),
               report_file = COALESCE(?4, report_file) WHERE id = ?1",
            params![id, status, cycle, report.map(text)],
        )?;
        Ok(())
    }
}
