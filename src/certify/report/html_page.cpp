#include "certify/report/html_page.hpp"

#include "certify/report/untrusted_text.hpp"

namespace xfen::certify {
namespace {

// The page's style sheet, inline so that the report is one file that fetches nothing.
constexpr std::string_view kPageStyle = R"css(
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
.outcome { font-weight: 600; margin: 8px 0 0; color: var(--fail); }
.outcome.statement { color: var(--pass); }
.scope { margin: 2px 0 0; color: var(--muted); }
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
.total.not-applicable { border-left-color: var(--line); }
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
.verdict.not-applicable { background: #9e9e9e; }
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
.board-symbols { position: absolute; overflow: hidden; }
.no-board { width: 300px; padding: 12px; border: 1px dashed #bbb; border-radius: 4px;
            color: var(--muted); overflow-wrap: anywhere; margin: 0; }
table.fields { margin-top: 6px; font-size: 13px; }
table.fields th, table.fields td { padding: 1px 8px; }
td.differs { outline: 2px solid #d32f2f; outline-offset: -2px; font-weight: 700; }
td.another-spelling { outline: 2px dashed #e65100; outline-offset: -2px; }
.boards > .same-board { flex-basis: 100%; margin: 0; font-weight: 600; color: var(--fail); }
.lenient-reading { width: 0; min-width: 100%; margin: 6px 0 0; font-size: 13px; color: #8d6e63; }
.legend { color: var(--muted); font-size: 13px; }
.legend span { display: inline-block; margin-right: 16px; }
.key { display: inline-block; width: 14px; height: 14px; vertical-align: -2px; margin-right: 4px; }
.key.differs { border: 3px solid #d32f2f; }
.key.castling { background: #1565c0; border-radius: 2px; }
.key.en-passant { border: 3px dashed #2e7d32; border-radius: 50%; }
.key.another-spelling { border: 3px dashed #e65100; }
.key.castling-differs { border: 2px solid #e65100; border-radius: 2px; }
footer { margin-top: 32px; color: var(--muted); font-size: 13px; }
)css";

}  // namespace

std::string html_page_start(const std::string& title_html, std::string_view extra_style) {
  // The policy forbids scripts and anything fetched: should untrusted text ever get through as
  // markup, the browser still runs and loads nothing.
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'\">"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
      "<title>" +
      title_html + "</title><style>";
  html += kPageStyle;
  html += extra_style;
  html += "</style></head><body><main>";
  return html;
}

std::string shown(std::string_view bytes, bool block) {
  const UntrustedText text = untrusted_text(bytes);
  std::string html = block ? "<pre>" : "<code>";
  html += html_escape(text.text);
  html += block ? "</pre>" : "</code>";
  if (text.escaped)
    html += "<span class=\"escaped\">bytes escaped: \\xNN is a byte, \\\\ a backslash</span>";
  return html;
}

std::string verdict_badge(Verdict verdict) {
  const std::string name(verdict_name(verdict));
  return "<span class=\"verdict " + name + "\">" + name + "</span>";
}

}  // namespace xfen::certify
