#include "report_page_style.hpp"

namespace xfen::certify {

const std::string_view kReportPageStyle = R"css(
:root { --pass: #2e7d32; --fail: #c62828; --skip: #757575; --line: #ddd; --muted: #666; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px 32px 48px; color: #222; background: #fafafa;
       font: 15px/1.45 "DejaVu Sans", system-ui, -apple-system, "Segoe UI", Helvetica, Arial,
       sans-serif; }
main { max-width: 1180px; margin: 0 auto; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 32px 0 10px; padding-bottom: 4px;
     border-bottom: 1px solid var(--line); }
h3 { font-size: 16px; margin: 0 0 8px; display: flex; gap: 10px; align-items: baseline;
     flex-wrap: wrap; }
code, pre { font-family: "DejaVu Sans Mono", ui-monospace, Menlo, Consolas, monospace;
            font-size: 13px; }
code { background: #f0f0f0; padding: 1px 4px; border-radius: 3px; overflow-wrap: anywhere; }
pre { background: #f4f4f4; border: 1px solid var(--line); border-radius: 4px; padding: 8px;
      margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 240px;
      overflow: auto; }
.meta { color: var(--muted); margin: 0; }
.meta span + span::before { content: " · "; }
.summary { display: flex; gap: 40px; flex-wrap: wrap; align-items: flex-start;
           margin-top: 18px; }
.totals { display: flex; gap: 14px; flex-wrap: wrap; }
.total { background: #fff; border: 1px solid var(--line); border-left: 6px solid;
         border-radius: 6px; padding: 8px 18px; min-width: 140px; }
.total b { display: block; font-size: 28px; }
.total.passed { border-left-color: var(--pass); }
.total.failed { border-left-color: var(--fail); }
.total.skipped { border-left-color: var(--skip); }
.notice { background: #fff3e0; border: 1px solid #ffb74d; border-radius: 6px; padding: 8px 12px;
          margin: 12px 0; }
table { border-collapse: collapse; background: #fff; }
th, td { border: 1px solid var(--line); padding: 3px 10px; text-align: left; vertical-align: top; }
th { background: #f3f3f3; font-weight: 600; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.zero td { color: #aaa; }
.tables { display: flex; gap: 32px; flex-wrap: wrap; align-items: flex-start; }
.bar { display: flex; width: 120px; height: 10px; border-radius: 5px; overflow: hidden;
       background: #eee; margin-top: 5px; }
.bar .p { background: var(--pass); } .bar .f { background: var(--fail); }
.bar .s { background: var(--skip); }
.verdict { display: inline-block; font-size: 12px; font-weight: 700; color: #fff;
           padding: 2px 8px; border-radius: 10px; background: var(--fail); white-space: nowrap; }
.verdict.pass { background: var(--pass); } .verdict.skipped { background: var(--skip); }
.contents { columns: 2; padding-left: 22px; }
.contents li { break-inside: avoid; }
.case { background: #fff; border: 1px solid var(--line); border-left: 5px solid var(--fail);
        border-radius: 6px; padding: 14px 18px; margin: 16px 0; }
.case dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 14px; margin: 0 0 12px; }
.case dt { color: var(--muted); }
.case dd { margin: 0; min-width: 0; }
.escaped { color: #8d6e63; font-size: 12px; margin-left: 6px; }
.none { color: var(--muted); font-style: italic; }
.boards { display: flex; gap: 28px; flex-wrap: wrap; }
.board-side { margin: 0; }
.board-side figcaption { font-weight: 600; margin-bottom: 4px; }
.board-side svg { display: block; }
.no-board { width: 300px; padding: 12px; border: 1px dashed #bbb; border-radius: 4px;
            color: var(--muted); overflow-wrap: anywhere; margin: 0; }
table.fields { margin-top: 6px; font-size: 13px; }
table.fields th, table.fields td { padding: 1px 8px; }
td.differs { outline: 2px solid #d32f2f; outline-offset: -2px; font-weight: 700; }
.legend { color: var(--muted); font-size: 13px; }
.legend span { display: inline-block; margin-right: 16px; }
.key { display: inline-block; width: 14px; height: 14px; vertical-align: -2px; margin-right: 4px; }
.key.differs { border: 3px solid #d32f2f; }
.key.castling { background: #1565c0; border-radius: 2px; }
.key.en-passant { border: 3px dashed #2e7d32; border-radius: 50%; }
footer { margin-top: 32px; color: var(--muted); font-size: 13px; }
)css";

}  // namespace xfen::certify
