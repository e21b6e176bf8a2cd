/// The review page's script. The page's Content-Security-Policy names it by its hash, so it is the
/// only script that can run there. It reads the data block (`ReviewData`) once and renders what
/// the filters select, a page of entries at a time, always through `textContent`: copy never
/// becomes markup, and a URL from copy is shown as text, never made a link.
enum ReviewPageScript {
    static let source = #"""

'use strict';
(function () {
  const data = JSON.parse(document.getElementById('review-data').textContent);
  const W = data.words;
  // A page of entries at a time: a few hundred strings show at once, a whole project stays fast.
  const PAGE_SIZE = 500;
  const state = { lang: '', rule: '', sev: '', kind: '', only: false, q: '', page: 0 };
  const KIND_WORDS = { agreement: W.kindAgreement, mention: W.kindMention, topic: W.kindTopic, url: W.kindURL,
                       email: W.kindEmail, phone: W.kindPhone, action: W.kindAction, app: W.kindApp };
  const SEVERITY_WORDS = { error: W.severityError, warning: W.severityWarning, info: W.severityInfo };
  const linkOf = new WeakMap();
  let matches = [];
  let pinned = null;

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  // Entries in order, with one item before each table's strings for the findings about its files.
  const items = [];
  {
    let previous = -1;
    for (const entry of data.entries) {
      if (entry.g !== previous) {
        previous = entry.g;
        const group = data.groups[entry.g];
        if (group.findings.length) items.push({ g: entry.g, fileLevel: true, d: group.findings });
      }
      items.push(entry);
    }
    data.groups.forEach(function (group, g) {
      if (group.findings.length && !data.entries.some(function (e) { return e.g === g; })) {
        items.push({ g: g, fileLevel: true, d: group.findings });
      }
    });
  }

  function searchText(item) {
    if (item.q === undefined) {
      const parts = [data.groups[item.g].name, item.k || ''];
      for (const s of item.s || []) {
        parts.push(s.t || '');
        for (const d of s.d) parts.push(d.m, d.e || '');
        for (const l of s.links) parts.push(l.url || '');
      }
      for (const d of item.d || []) parts.push(d.m, d.e || '');
      item.q = parts.join('\n').toLowerCase();
    }
    return item.q;
  }

  function findingMatches(d) {
    return (!state.rule || d.r === state.rule) && (!state.sev || d.s === state.sev);
  }

  function visibleStrings(item) {
    return state.lang ? item.s.filter(function (s) { return s.l === state.lang; }) : item.s;
  }

  function itemMatches(item) {
    if (state.q && searchText(item).indexOf(state.q) < 0) return false;
    if (item.fileLevel) {
      if (state.lang || state.kind) return false;
      return item.d.some(findingMatches);
    }
    const strings = visibleStrings(item);
    if (!strings.length) return false;
    if ((state.only || state.rule || state.sev) && !strings.some(function (s) { return s.d.some(findingMatches); })) return false;
    if (state.kind && !strings.some(function (s) { return s.links.some(function (l) { return l.k === state.kind; }); })) return false;
    return true;
  }

  // The header: counts, the legend, the filters.
  function option(value, label) {
    const o = el('option', null, label);
    o.value = value;
    return o;
  }

  function select(id, label, options, key) {
    const wrap = el('label', null);
    wrap.appendChild(document.createTextNode(label + ' '));
    const s = el('select');
    s.id = id;
    s.appendChild(option('', W.filterAll));
    for (const [value, text] of options) s.appendChild(option(value, text));
    s.addEventListener('change', function () { state[key] = s.value; state.page = 0; update(); });
    wrap.appendChild(s);
    return wrap;
  }

  function buildHeader() {
    document.title = W.pageTitle;
    const header = el('header');
    header.appendChild(el('h1', null, W.pageTitle));
    const counts = el('span');
    counts.id = 'counts';
    counts.appendChild(el('span', 'count-strings', W.strings + ' ' + data.counts.strings));
    counts.appendChild(el('span', 'count-files', W.files + ' ' + data.counts.files));
    counts.appendChild(el('span', 'count-error', W.errors + ' ' + data.counts.error));
    counts.appendChild(el('span', 'count-warning', W.warnings + ' ' + data.counts.warning));
    counts.appendChild(el('span', 'count-info', W.infos + ' ' + data.counts.info));
    header.appendChild(counts);

    const legend = el('details', 'legend');
    legend.appendChild(el('summary', null, W.legendTitle));
    const list = el('ul');
    for (const text of [W.legendError, W.legendWarning, W.legendInfo, W.legendLink]) list.appendChild(el('li', null, text));
    const kinds = el('li');
    for (const kind of data.kinds) {
      kinds.appendChild(el('span', 'link k-' + kind, KIND_WORDS[kind] || kind));
      kinds.appendChild(document.createTextNode(' '));
    }
    list.appendChild(kinds);
    legend.appendChild(list);
    header.appendChild(legend);

    const filters = el('div');
    filters.id = 'filters';
    const searchLabel = el('label');
    searchLabel.appendChild(document.createTextNode(W.search + ' '));
    const search = el('input');
    search.type = 'search';
    search.id = 'search';
    search.placeholder = W.searchPlaceholder;
    let timer = 0;
    search.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(function () { state.q = search.value.trim().toLowerCase(); state.page = 0; update(); }, 150);
    });
    searchLabel.appendChild(search);
    filters.appendChild(searchLabel);
    filters.appendChild(select('filter-lang', W.filterLanguage, data.languages.map(function (l) { return [l, l]; }), 'lang'));
    filters.appendChild(select('filter-rule', W.filterRule, data.rules.map(function (r) { return [r[0], r[0] + ' \u2014 ' + r[1]]; }), 'rule'));
    filters.appendChild(select('filter-severity', W.filterSeverity,
      ['error', 'warning', 'info'].map(function (s) { return [s, SEVERITY_WORDS[s]]; }), 'sev'));
    filters.appendChild(select('filter-kind', W.filterKind, data.kinds.map(function (k) { return [k, KIND_WORDS[k] || k]; }), 'kind'));
    const onlyLabel = el('label');
    const only = el('input');
    only.type = 'checkbox';
    only.id = 'filter-only';
    only.addEventListener('change', function () { state.only = only.checked; state.page = 0; update(); });
    onlyLabel.appendChild(only);
    onlyLabel.appendChild(document.createTextNode(' ' + W.onlyWithFindings));
    filters.appendChild(onlyLabel);
    header.appendChild(filters);
    const hint = el('div', 'legend', W.clickLinkHint);
    header.appendChild(hint);
    return header;
  }

  // One string as the app shows it: its text with its styles, each link a coloured span that tells
  // what it opens. The text is cut where a link or a style starts or ends; each piece is a text node,
  // inside the elements of the styles that cover it, inside its link's span.
  const STYLE_TAGS = { b: 'strong', i: 'em', u: 'u', s: 's', c: 'code', '^': 'sup', '_': 'sub' };

  function renderCopy(s) {
    const p = el('p', 'copy');
    if (s.t === null) {
      p.classList.add('missing');
      p.textContent = W.noText;
      return p;
    }
    const length = s.t.length;
    const links = [];
    let end = 0;
    for (const link of s.links.slice().sort(function (a, b) { return a.s - b.s; })) {
      if (link.s < end || link.n <= 0 || link.s + link.n > length) continue;  // overlapping or out of the text
      links.push(link);
      end = link.s + link.n;
    }
    const styles = (s.st || []).filter(function (st) { return st[1] > 0 && st[0] >= 0 && st[0] + st[1] <= length; });
    const cuts = new Set([0, length]);
    for (const link of links) { cuts.add(link.s); cuts.add(link.s + link.n); }
    for (const st of styles) { cuts.add(st[0]); cuts.add(st[0] + st[1]); }
    const points = Array.from(cuts).sort(function (a, b) { return a - b; });
    let linkIndex = 0, span = null;
    for (let k = 0; k + 1 < points.length; k++) {
      const from = points[k], to = points[k + 1];
      let piece = document.createTextNode(s.t.slice(from, to));
      for (const st of styles) {
        if (st[0] > from || st[0] + st[1] < to) continue;
        for (const flag of st[2]) {
          const wrapper = el(STYLE_TAGS[flag] || 'span');
          wrapper.appendChild(piece);
          piece = wrapper;
        }
        if (st[3] !== null || st[4] !== null) {
          // Colours through the style object (CSSOM), which the page's policy allows and which
          // takes a colour or nothing: no markup, no other property.
          const coloured = el('span');
          if (st[3] !== null) coloured.style.color = st[3];
          if (st[4] !== null) coloured.style.backgroundColor = st[4];
          coloured.appendChild(piece);
          piece = coloured;
        }
      }
      while (linkIndex < links.length && links[linkIndex].s + links[linkIndex].n <= from) { linkIndex++; span = null; }
      const link = links[linkIndex];
      if (link && link.s <= from && to <= link.s + link.n) {
        if (!span) {
          span = el('span', 'link k-' + link.k);
          span.tabIndex = 0;
          span.setAttribute('role', 'button');
          span.setAttribute('aria-haspopup', 'dialog');
          linkOf.set(span, link);
          p.appendChild(span);
        }
        span.appendChild(piece);
      } else {
        p.appendChild(piece);
      }
    }
    return p;
  }

  function renderFinding(d) {
    const li = el('li', 'finding s-' + d.s);
    li.dataset.rule = d.r;
    li.dataset.severity = d.s;
    li.appendChild(el('span', 'sev', SEVERITY_WORDS[d.s] || d.s));
    li.appendChild(el('span', 'msg', d.m));
    li.appendChild(el('code', 'rule', '[' + d.r + ']'));
    li.appendChild(el('span', 'at', d.at));
    if (d.e !== undefined) li.appendChild(el('div', 'detail', W.englishDetail + ': ' + d.e));
    if (d.b !== undefined) {
      const fix = el('div', 'fix');
      fix.appendChild(el('span', 'fix-label', W.fixBefore));
      fix.appendChild(el('del', null, d.b));
      fix.appendChild(el('span', 'fix-label', W.fixAfter));
      fix.appendChild(el('ins', null, d.f));
      const label = el('div', 'fix-title', W.fix);
      li.appendChild(label);
      li.appendChild(fix);
    }
    return li;
  }

  function renderPreview(p) {
    const figure = el('figure', 'preview');
    const pair = el('div', 'pair');
    for (const [src, alt] of [[p.png, W.previewMarked], [p.clean, W.previewClean]]) {
      const img = el('img');
      img.alt = alt;
      img.title = alt;
      img.width = Number(p.width);
      img.src = src;
      pair.appendChild(img);
    }
    figure.appendChild(pair);
    const caption = el('figcaption');
    caption.appendChild(el('div', null, W.view + ' ' + p.view + ' \u00b7 ' + p.size + ' pt \u00b7 ' + p.width + ' pt'));
    const fits = p.max === 0 || p.lines <= p.max;
    caption.appendChild(el('div', fits ? 'verdict-ok fits' : 'verdict-bad fits',
      (fits ? W.fits : W.doesNotFit) + ' \u00b7 ' + W.linesNeeded + ' ' + p.lines + (p.max === 0 ? '' : ', ' + W.linesAllowed + ' ' + p.max)));
    if (p.tap !== undefined) {
      caption.appendChild(el('div', p.tap ? 'verdict-ok tap' : 'verdict-bad tap', p.tap ? W.tapAreasOK : W.tapAreaSmall));
    }
    figure.appendChild(caption);
    return figure;
  }

  // One string of a language column: its variation, where it is written, its text, findings and previews.
  function renderString(s) {
    const block = el('div', 'string');
    block.id = s.a;
    const head = el('div', 'lang-head');
    if (s.v) head.appendChild(el('span', 'variation', s.v));
    head.appendChild(el('span', 'where', s.at));
    const anchor = el('a', 'anchor', '#');
    anchor.href = '#' + s.a;
    anchor.title = W.anchor;
    head.appendChild(anchor);
    block.appendChild(head);
    block.appendChild(renderCopy(s));
    if (s.d.length) {
      const list = el('ul', 'findings');
      for (const d of s.d) list.appendChild(renderFinding(d));
      block.appendChild(list);
    }
    if (s.p.length) {
      const previews = el('div', 'previews');
      previews.setAttribute('aria-label', W.previews);
      for (const p of s.p) previews.appendChild(renderPreview(p));
      block.appendChild(previews);
    }
    return block;
  }

  // The languages of a key side by side, a column each; a language's variations one under another.
  function renderLanguage(language, strings) {
    const column = el('div', 'lang');
    column.dataset.lang = language;
    const findings = [].concat.apply([], strings.map(function (s) { return s.d; }));
    if (findings.some(function (d) { return d.s === 'error'; })) column.classList.add('has-error');
    else if (findings.some(function (d) { return d.s === 'warning'; })) column.classList.add('has-warning');
    if (language) column.appendChild(el('div', 'tag', language));
    for (const s of strings) column.appendChild(renderString(s));
    return column;
  }

  function renderItem(item) {
    const section = el('section', 'entry');
    const title = el('h2');
    title.appendChild(el('span', 'file', data.groups[item.g].name));
    if (item.fileLevel) {
      title.appendChild(el('span', 'key', W.wholeFile));
      section.appendChild(title);
      const list = el('ul', 'findings');
      for (const d of item.d) list.appendChild(renderFinding(d));
      section.appendChild(list);
      return section;
    }
    if (item.k !== null) title.appendChild(el('span', 'key', item.k));
    section.appendChild(title);
    const langs = el('div', 'langs');
    const byLanguage = new Map();
    for (const s of visibleStrings(item)) {
      const language = s.l || '';
      if (!byLanguage.has(language)) byLanguage.set(language, []);
      byLanguage.get(language).push(s);
    }
    for (const [language, strings] of byLanguage) langs.appendChild(renderLanguage(language, strings));
    section.appendChild(langs);
    return section;
  }

  const main = el('main');
  const pager = el('nav');
  pager.id = 'pager';

  function render() {
    closePopover();
    main.textContent = '';
    const start = state.page * PAGE_SIZE, end = Math.min(matches.length, start + PAGE_SIZE);
    const fragment = document.createDocumentFragment();
    for (let k = start; k < end; k++) fragment.appendChild(renderItem(items[matches[k]]));
    if (!matches.length) fragment.appendChild(el('p', 'empty', W.noMatch));
    main.appendChild(fragment);
    main.dataset.matches = String(matches.length);
    pager.textContent = '';
    const position = el('span', 'position', W.showingRange.replace('{from}', String(matches.length ? start + 1 : 0))
      .replace('{to}', String(end)).replace('{total}', String(matches.length)));
    if (matches.length > PAGE_SIZE) {
      const previous = el('button', 'previous', W.previousPage);
      previous.disabled = state.page === 0;
      previous.addEventListener('click', function () { state.page--; render(); window.scrollTo(0, 0); });
      const next = el('button', 'next', W.nextPage);
      next.disabled = end >= matches.length;
      next.addEventListener('click', function () { state.page++; render(); window.scrollTo(0, 0); });
      pager.appendChild(previous);
      pager.appendChild(position);
      pager.appendChild(next);
    } else {
      pager.appendChild(position);
    }
  }

  function update() {
    matches = [];
    for (let k = 0; k < items.length; k++) if (itemMatches(items[k])) matches.push(k);
    render();
  }

  // What a link opens, on hover, focus or tap: its kind, address or payload, and where it is written.
  const popover = el('div');
  popover.id = 'popover';
  popover.hidden = true;
  popover.setAttribute('role', 'dialog');

  const MEMBER_WORDS = { id: W.linkAgreementID, title: W.linkTitle, userId: W.linkUserID, name: W.linkName,
                         address: W.linkAddress, digits: W.linkNumber };

  function showPopover(span, pin) {
    const link = linkOf.get(span);
    if (!link) return;
    if (pinned && pinned !== span) pinned.classList.remove('open');
    pinned = pin ? span : pinned;
    span.classList.add('open');
    popover.textContent = '';
    const close = el('button', 'close', '\u00d7');
    close.title = W.close;
    close.addEventListener('click', closePopover);
    popover.appendChild(close);
    popover.appendChild(el('strong', 'link-text', span.textContent));
    const list = el('dl');
    function row(term, value, className) {
      list.appendChild(el('dt', null, term));
      list.appendChild(el('dd', className || null, value));
    }
    row(W.linkKind, KIND_WORDS[link.k] || link.k, 'link-kind');
    row(W.linkOpens, link.url !== undefined ? link.url : W.linkHandledByApp, 'link-url');
    for (const [member, value] of link.p) {
      const word = link.k === 'action' && member === 'name' ? W.linkAction
        : link.k === 'topic' && member === 'id' ? 'id' : (MEMBER_WORDS[member] || member);
      row(word, value, 'link-' + member);
    }
    row(W.linkWrittenAt, link.at, 'link-at');
    popover.appendChild(list);
    popover.hidden = false;
    const box = span.getBoundingClientRect();
    const width = Math.min(420, document.documentElement.clientWidth - 16);
    popover.style.left = Math.max(8, Math.min(box.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8)) + 'px';
    popover.style.top = (box.bottom + window.scrollY + 6) + 'px';
  }

  function closePopover() {
    if (pinned) pinned.classList.remove('open');
    pinned = null;
    popover.hidden = true;
  }

  main.addEventListener('click', function (event) {
    const span = event.target.closest('.link');
    if (span && linkOf.has(span)) { showPopover(span, true); event.stopPropagation(); }
  });
  main.addEventListener('mouseover', function (event) {
    const span = event.target.closest('.link');
    if (span && linkOf.has(span) && !pinned) showPopover(span, false);
  });
  main.addEventListener('mouseout', function (event) {
    const span = event.target.closest('.link');
    if (span && !pinned) { span.classList.remove('open'); popover.hidden = true; }
  });
  main.addEventListener('keydown', function (event) {
    const span = event.target.closest('.link');
    if (span && (event.key === 'Enter' || event.key === ' ')) { showPopover(span, true); event.preventDefault(); }
  });
  document.addEventListener('keydown', function (event) { if (event.key === 'Escape') closePopover(); });
  document.addEventListener('click', function (event) { if (!popover.contains(event.target)) closePopover(); });

  // An anchor (report.html#Localizable/consent_checkbox/zh-Hans) opens the page that holds the string.
  function goToAnchor() {
    let target = location.hash.slice(1);
    try { target = decodeURIComponent(target); } catch (e) { /* a literal % in a key */ }
    if (!target) return;
    let index = -1;
    for (let k = 0; k < items.length && index < 0; k++) {
      if (!items[k].fileLevel && items[k].s.some(function (s) { return s.a === target; })) index = k;
    }
    if (index < 0) return;
    let position = matches.indexOf(index);
    if (position < 0) {
      for (const key of ['lang', 'rule', 'sev', 'kind', 'q']) state[key] = '';
      state.only = false;
      for (const id of ['filter-lang', 'filter-rule', 'filter-severity', 'filter-kind', 'search']) document.getElementById(id).value = '';
      document.getElementById('filter-only').checked = false;
      matches = [];
      for (let k = 0; k < items.length; k++) if (itemMatches(items[k])) matches.push(k);
      position = matches.indexOf(index);
    }
    state.page = Math.floor(position / PAGE_SIZE);
    render();
    const column = document.getElementById(target);
    if (column) {
      column.closest('.entry').classList.add('target');
      column.classList.add('target');
      column.scrollIntoView({ block: 'center' });
    }
  }

  document.body.appendChild(buildHeader());
  document.body.appendChild(main);
  document.body.appendChild(pager);
  document.body.appendChild(popover);
  update();
  goToAnchor();
  window.addEventListener('hashchange', goToAnchor);
  document.body.dataset.ready = 'true';
  if (window.performance && performance.mark) performance.mark('linkdoc-review-rendered');
})();
"""#
}
