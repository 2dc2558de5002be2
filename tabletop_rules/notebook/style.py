"""CSS for the kit's HTML views: JupyterLab theme variables (light and dark) with fallbacks
for Voila and plain HTML. Injected once per view, scoped under ``.ttr``."""
from __future__ import annotations

CSS = """
<style>
.ttr { font-family: var(--jp-ui-font-family, system-ui, sans-serif); font-size: 13px;
       color: var(--jp-ui-font-color1, #1f1f1f); line-height: 1.35; }
.ttr .ttr-board { display: flex; flex-direction: column; gap: 8px; }
.ttr .ttr-side { border: 1px solid var(--jp-border-color2, #ccc); border-radius: 6px; padding: 6px 8px;
                 background: var(--jp-layout-color1, #fff); }
.ttr .ttr-side.ttr-active { border-color: var(--jp-brand-color1, #1976d2);
                           box-shadow: 0 0 0 1px var(--jp-brand-color1, #1976d2); }
.ttr .ttr-side h4 { margin: 0 0 4px 0; font-size: 13px; }
.ttr .ttr-stats { color: var(--jp-ui-font-color2, #555); margin-bottom: 4px; }
.ttr .ttr-row { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-start; margin: 3px 0; }
.ttr .ttr-zone { min-width: 92px; }
.ttr .ttr-zone-label { font-size: 11px; color: var(--jp-ui-font-color2, #666); text-transform: uppercase;
                      letter-spacing: .03em; }
.ttr .ttr-card { display: inline-block; width: 104px; min-height: 58px; border: 1px solid var(--jp-border-color1, #999);
                 border-radius: 5px; padding: 3px 5px; background: var(--jp-layout-color2, #f5f5f5);
                 color: var(--jp-ui-font-color1, #1f1f1f); vertical-align: top; font-size: 11px; }
.ttr .ttr-card b { font-size: 11.5px; }
.ttr .ttr-card .ttr-zh { color: var(--jp-ui-font-color2, #555); }
.ttr .ttr-card.ttr-rested { transform: rotate(-8deg); opacity: .8; border-style: dashed; }
.ttr .ttr-card.ttr-down { background: repeating-linear-gradient(45deg, var(--jp-layout-color3, #ddd),
                          var(--jp-layout-color3, #ddd) 4px, var(--jp-layout-color2, #eee) 4px,
                          var(--jp-layout-color2, #eee) 8px); text-align: center; }
.ttr .ttr-card.ttr-empty { border-style: dotted; background: transparent; color: var(--jp-ui-font-color3, #999); }
.ttr .ttr-kw { display: inline-block; font-size: 10px; padding: 0 3px; margin: 1px 1px 0 0; border-radius: 3px;
               background: var(--jp-brand-color3, #bbdefb); color: var(--jp-ui-font-color0, #000); }
.ttr .ttr-demo { font-size: 9px; color: var(--jp-warn-color0, #b35c00); font-weight: bold; }
.ttr .ttr-banner { padding: 8px 10px; border-radius: 6px; font-weight: bold; margin: 4px 0;
                   background: var(--jp-success-color3, #c8e6c9); color: var(--jp-ui-font-color0, #000); }
.ttr .ttr-error { padding: 6px 8px; border-radius: 6px; margin: 4px 0; white-space: pre-wrap;
                  background: var(--jp-error-color3, #ffcdd2); color: var(--jp-ui-font-color0, #000); }
.ttr .ttr-note { color: var(--jp-ui-font-color2, #555); font-style: italic; }
.ttr .ttr-log { max-height: 260px; overflow-y: auto; border: 1px solid var(--jp-border-color2, #ddd); padding: 4px 6px;
                border-radius: 5px; background: var(--jp-layout-color1, #fff); }
.ttr .ttr-log details { margin: 1px 0; }
.ttr .ttr-log summary { cursor: pointer; }
.ttr .ttr-cite { font-family: var(--jp-code-font-family, monospace); font-size: 11px;
                 color: var(--jp-brand-color1, #1565c0); }
.ttr .ttr-clause { margin: 2px 0 4px 14px; color: var(--jp-ui-font-color2, #444); }
.ttr table.ttr-table { border-collapse: collapse; }
.ttr table.ttr-table td, .ttr table.ttr-table th { border-bottom: 1px solid var(--jp-border-color2, #ddd);
                text-align: left; padding: 2px 8px 2px 0; vertical-align: top; }
.ttr .ttr-ok { color: var(--jp-success-color1, #2e7d32); font-weight: bold; }
.ttr .ttr-fail { color: var(--jp-error-color1, #c62828); font-weight: bold; }
.ttr .ttr-svg svg { max-width: 100%; height: auto; }
</style>
"""


def wrap(html: str) -> str:
    """Scope a fragment under the kit's CSS (safe to repeat: browsers merge identical rules)."""
    return f'{CSS}<div class="ttr">{html}</div>'
