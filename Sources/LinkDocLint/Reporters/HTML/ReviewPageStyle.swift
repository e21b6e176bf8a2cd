/// The review page's style sheet. The page's Content-Security-Policy names it by its hash, so it
/// is the page's only style: no `style` attributes, no other sheet.
enum ReviewPageStyle {
    static let source = #"""

:root { --error: #c62828; --warning: #b45309; --info: #5f6368; --ink: #1c1c1e; --muted: #6b7280; --line: #d9dce1;
        --agreement: #7b1fa2; --mention: #00796b; --topic: #ad1457; --url: #1565c0; --email: #2e7d32;
        --phone: #ef6c00; --action: #4527a0; --app: #37474f; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, "Noto Sans CJK SC", "PingFang SC", sans-serif; color: var(--ink); background: #f6f7f9; }
header { position: sticky; top: 0; z-index: 2; background: #fff; border-bottom: 1px solid var(--line); padding: 10px 16px; }
h1 { font-size: 18px; margin: 0 8px 4px 0; display: inline-block; }
#counts { display: inline-flex; gap: 12px; flex-wrap: wrap; }
.count-error { color: var(--error); font-weight: 600; }
.count-warning { color: var(--warning); font-weight: 600; }
.count-info { color: var(--info); }
#filters { display: flex; flex-wrap: wrap; gap: 8px 14px; align-items: center; margin-top: 6px; }
#filters label { display: inline-flex; gap: 4px; align-items: center; }
#filters input[type=search] { min-width: 16em; padding: 3px 6px; }
#filters select { max-width: 22em; }
details.legend { margin-top: 4px; color: var(--muted); }
details.legend li { margin: 2px 0; }
main { padding: 12px 16px 40px; }
.entry { background: #fff; border: 1px solid var(--line); border-radius: 8px; margin: 0 0 12px; padding: 8px 12px; }
.entry.target { outline: 3px solid var(--url); }
.entry h2 { font-size: 13px; font-weight: 600; margin: 0 0 6px; color: var(--muted); overflow-wrap: anywhere; }
.entry h2 .key { color: var(--ink); font-family: ui-monospace, monospace; margin-left: 8px; }
.langs { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 12px; }
.lang { border-left: 3px solid var(--line); padding-left: 10px; min-width: 0; }
.lang.has-error { border-left-color: var(--error); }
.lang.has-warning { border-left-color: var(--warning); }
.lang > .tag { font-size: 12px; font-weight: 700; }
.string { margin-bottom: 6px; }
.string.target { background: #eef4ff; }
.lang-head { font-size: 12px; color: var(--muted); display: flex; flex-wrap: wrap; gap: 0 8px; align-items: baseline; min-width: 0; }
.lang-head .variation { font-weight: 600; color: var(--ink); }
.lang-head .where { overflow-wrap: anywhere; min-width: 0; }
.lang-head a { color: var(--muted); text-decoration: none; }
.copy { font-size: 16px; margin: 2px 0 6px; white-space: pre-wrap; overflow-wrap: anywhere; }
.copy.missing { color: var(--muted); font-style: italic; }
.link { cursor: pointer; text-decoration: underline; text-decoration-thickness: 2px; text-underline-offset: 3px; border-radius: 3px; }
.link:focus, .link.open { outline: 2px solid currentColor; outline-offset: 1px; }
.k-agreement { color: var(--agreement); } .k-mention { color: var(--mention); } .k-topic { color: var(--topic); }
.k-url { color: var(--url); } .k-email { color: var(--email); } .k-phone { color: var(--phone); }
.k-action { color: var(--action); } .k-app { color: var(--app); }
.findings { list-style: none; margin: 4px 0; padding: 0; }
.finding { margin: 4px 0; padding: 4px 8px; border-radius: 6px; background: #f3f4f6; font-size: 13px; overflow-wrap: anywhere; }
.finding.s-error { background: #fdecea; } .finding.s-warning { background: #fff4e5; }
.finding .sev { font-weight: 700; margin-right: 6px; }
.s-error .sev { color: var(--error); } .s-warning .sev { color: var(--warning); } .s-info .sev { color: var(--info); }
.finding .rule, .finding .at { color: var(--muted); font-family: ui-monospace, monospace; font-size: 12px; margin-left: 6px; }
.finding .detail { color: var(--muted); font-size: 12px; }
.fix { margin-top: 3px; display: grid; grid-template-columns: auto 1fr; gap: 0 8px; }
.fix del { background: #ffd7d5; text-decoration: line-through; white-space: pre-wrap; }
.fix ins { background: #ccf0d1; text-decoration: none; white-space: pre-wrap; }
.previews { display: flex; flex-wrap: wrap; gap: 10px; margin: 6px 0; }
figure { margin: 0; font-size: 12px; color: var(--muted); max-width: 100%; min-width: 0; }
figure .pair { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-start; }
figure img { border: 1px solid var(--line); background: #fff; max-width: 100%; height: auto; }
.verdict-ok { color: #2e7d32; font-weight: 600; } .verdict-bad { color: var(--error); font-weight: 600; }
#pager { display: flex; gap: 12px; align-items: center; justify-content: center; padding: 8px; }
#popover { position: absolute; z-index: 5; max-width: 420px; background: #fff; border: 1px solid var(--line); border-radius: 8px;
           box-shadow: 0 6px 24px rgba(0,0,0,.18); padding: 8px 12px; font-size: 13px; overflow-wrap: anywhere; }
#popover[hidden] { display: none; }
#popover dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 4px 0; }
#popover dt { color: var(--muted); } #popover dd { margin: 0; font-family: ui-monospace, monospace; }
#popover button { float: right; }
.empty { color: var(--muted); padding: 20px; text-align: center; }
.hidden { display: none !important; }
"""#
}
