// Every text the page shows, in English and Simplified Chinese, and `t(key, params)` to get one.
// The language comes from a saved choice, else the browser's `navigator.languages`, else English.
// Static page text is marked in the HTML (`data-i18n` for text, `data-i18n-label` for aria-label,
// `data-i18n-title`, `data-i18n-placeholder`) and filled by `translatePage()`; scripts call `t()`.
// Parameters are `{name}` in the text; the result is plain text (put into the page as text only).

const TABLES = {
  en: {
    "app.title": "Sudoku",
    "app.lab": "Algorithm lab",
    "engine.loading": "Engine loading…",
    "engine.failed": "Engine failed to start",
    "engine.busy": "Engine working…",
    "engine.ready": "Engine ready · sudoku_core {version} · Python {python}",
    "area.puzzle": "Puzzle",
    "area.controls": "Controls",
    "board.label": "Sudoku grid",
    "cell.label": "Row {row}, column {col}",
    "cell.notes": ", notes {notes}",
    "cell.colour": ", {colour}",
    "pad.label": "Digits for the selected cell",
    "pad.set": "Set {digit}",
    "pad.clear": "Clear the cell",
    "pad.left": "{count} left",
    "play.tools": "Play",
    "play.pause": "Pause",
    "play.resume": "Resume",
    "play.paused": "Paused",
    "play.undo": "Undo",
    "play.undo-title": "Undo (Ctrl+Z)",
    "play.redo": "Redo",
    "play.redo-title": "Redo (Ctrl+Y)",
    "play.notes": "Notes",
    "play.notes-title": "Digits or notes (N)",
    "play.auto": "Auto notes",
    "play.digit-first": "Digit first",
    "play.digit-first-title": "Pick a digit on the pad, then tap cells",
    "play.restart": "Restart",
    "play.rewind": "Rewind to last correct",
    "play.rewind-title": "Undo back to the last position without a mistake",
    "mode.edit": "Enter your own puzzle",
    "mode.play": "Start playing",
    "mode.badge-edit": "Entering a puzzle",
    "mode.badge-play": "Playing",
    "colour.label": "Cell colours",
    "colour.0": "Remove the colour",
    "colour.1": "Colour 1 (blue)",
    "colour.2": "Colour 2 (green)",
    "colour.3": "Colour 3 (orange)",
    "colour.4": "Colour 4 (purple)",
    "solve.solve": "Solve",
    "solve.cancel": "Cancel",
    "solve.method": "Method",
    "solve.second": "Second solution",
    "solve.clear": "Clear solution",
    "method.dlx": "DLX",
    "method.backtrack": "Backtracking",
    "import.label": "Puzzle text",
    "import.hint": "(one line or a grid; Ctrl+V on the board works too)",
    "import.placeholder": "Paste a puzzle: one line of digits and dots (81 characters for 9x9), or a grid of rows",
    "import.load": "Load text",
    "import.symbols": "Symbols",
    "alphabet.default": "1-9, A-Z",
    "alphabet.hex": "0-9, A-F (16×16)",
    "alphabet.letters": "A-P (16×16), A-Y (25×25)",
    "grid.empty": "Empty grid",
    "grid.size": "Size",
    "share.label": "Share link:",
    "share.this": "this puzzle",
    "share.follows": "(the address bar follows the grid)",
    "export.title": "Share and export",
    "export.progress": "with my progress and notes",
    "export.line": "Copy as a line",
    "export.grid": "Copy as a grid",
    "export.link": "Copy link",
    "export.print": "Print",
    "export.text": "Exported text",
    "export.copied": "Copied to the clipboard.",
    "export.select": "Select the text below and copy it.",
    "settings.title": "Settings",
    "settings.language": "Language",
    "settings.theme": "Theme",
    "theme.system": "Follow the system",
    "theme.light": "Light",
    "theme.dark": "Dark",
    "settings.contrast": "High contrast",
    "settings.check": "Mark mistakes (check against the solution)",
    "settings.timer": "Show the timer",
    "settings.highlight": "Highlight the row, column, box and same digits",
    "help.title": "Keys",
    "help.keys": "Arrow keys move, a digit (or letter on large grids) sets the cell, Backspace, Delete, 0 or . clears it, Tab leaves the grid. Ctrl+V on the grid loads a puzzle from the clipboard.",
    "help.play": "N switches between digits and notes; Shift+digit writes a note; Ctrl+Z undoes, Ctrl+Y redoes.",
    "finish.title": "Solved!",
    "finish.time": "Time",
    "finish.hints": "Hints used",
    "finish.mistakes": "Mistakes",
    "finish.close": "Close",
    "msg.welcome": "Type digits on the grid, or paste a puzzle below.",
    "msg.cancelled": "Cancelled. The engine is restarting; your grid is kept.",
    "msg.timeout": "Stopped: {message}. The engine is restarting.",
    "msg.boot": "The engine could not start ({message}). Reload the page to try again.",
    "msg.empty-text": "Nothing to load: the text is empty.",
    "msg.reading-wait": "Reading the puzzle once the engine is ready…",
    "msg.reading": "Reading the puzzle…",
    "msg.unreadable": "Could not read the puzzle: {error}",
    "parse.count": "found {found} cells; a {size} puzzle has {expected}",
    "parse.line": " (see line {line})",
    "parse.char": "“{char}” at line {line}, column {column} is not a digit or a blank of a {size} puzzle",
    "msg.loaded-conflicts": "Loaded a {size} puzzle, but its givens break the rules:",
    "msg.loaded": "Loaded a {size} puzzle with {givens} givens.",
    "msg.loaded-link": "Loaded a {size} puzzle with {givens} givens from the link.",
    "msg.restored": "Welcome back: your game is as you left it.",
    "msg.givens-conflict": "These givens break the rules:",
    "msg.digits-conflict": "These digits break the rules:",
    "msg.no-conflicts": "No conflicts.",
    "msg.solving-wait": "Solving once the engine is ready…",
    "msg.solving": "Solving…",
    "msg.changed": "The grid changed while the engine was solving: press Solve again.",
    "msg.unique": "Solved: the solution is unique.",
    "msg.solved": "Solved.",
    "msg.multiple": "More than one solution. Two are shown; they differ in {count} cells (highlighted).",
    "msg.none": "No solution.",
    "msg.gave-up": "Gave up after {nodes} nodes.",
    "msg.not-digit": "“{key}” is not a digit of a {size} grid; use {symbols}.",
    "msg.cleared": "Solution cleared.",
    "msg.empty-grid": "An empty {size} grid: type the givens, then press “Start playing”.",
    "msg.edit": "Entering a puzzle: digits you type are givens. Press “Start playing” when done.",
    "msg.play": "Playing: the givens are locked. Digits you type are yours.",
    "msg.restart": "Back to the start (Undo brings your moves back).",
    "msg.rewound": "Rewound {count} moves to the last correct position.",
    "msg.rewind-none": "Nothing to rewind: no mistakes found.",
    "msg.check-unknown": "Mistakes can be checked only when the puzzle has exactly one solution.",
    "msg.wrong": "{count} of your digits disagree with the solution.",
    "msg.auto": "Notes filled with every candidate; they stay up to date and you can still edit them.",
    "msg.finished": "Solved in {time}!",
    "stats.engine": "{method}: {ms} ms in the engine",
    "stats.nodes": "{count} nodes",
    "stats.guesses": "{count} guesses",
    "stats.updates": "{count} updates",
    "stats.round": "{ms} ms round trip",
    "conflict": "{a} and {b} both hold {digit} in {house}",
    "house.0": "row {k}",
    "house.1": "column {k}",
    "house.2": "box {k}",
  },
  "zh-CN": {
    "app.title": "数独",
    "app.lab": "算法实验室",
    "engine.loading": "引擎加载中…",
    "engine.failed": "引擎启动失败",
    "engine.busy": "引擎运行中…",
    "engine.ready": "引擎就绪 · sudoku_core {version} · Python {python}",
    "area.puzzle": "谜题",
    "area.controls": "控制",
    "board.label": "数独盘面",
    "cell.label": "第 {row} 行，第 {col} 列",
    "cell.notes": "，笔记 {notes}",
    "cell.colour": "，{colour}",
    "pad.label": "所选格子的数字",
    "pad.set": "填入 {digit}",
    "pad.clear": "清除格子",
    "pad.left": "还剩 {count} 个",
    "play.tools": "游戏",
    "play.pause": "暂停",
    "play.resume": "继续",
    "play.paused": "已暂停",
    "play.undo": "撤销",
    "play.undo-title": "撤销 (Ctrl+Z)",
    "play.redo": "重做",
    "play.redo-title": "重做 (Ctrl+Y)",
    "play.notes": "笔记",
    "play.notes-title": "数字或笔记 (N)",
    "play.auto": "自动笔记",
    "play.digit-first": "先选数字",
    "play.digit-first-title": "先在数字键盘上选数字，再点格子",
    "play.restart": "重新开始",
    "play.rewind": "回到最后正确的位置",
    "play.rewind-title": "撤销到最后一个没有错误的局面",
    "mode.edit": "输入自己的谜题",
    "mode.play": "开始游戏",
    "mode.badge-edit": "正在输入谜题",
    "mode.badge-play": "游戏中",
    "colour.label": "格子颜色",
    "colour.0": "去掉颜色",
    "colour.1": "颜色 1（蓝）",
    "colour.2": "颜色 2（绿）",
    "colour.3": "颜色 3（橙）",
    "colour.4": "颜色 4（紫）",
    "solve.solve": "求解",
    "solve.cancel": "取消",
    "solve.method": "方法",
    "solve.second": "第二个解",
    "solve.clear": "清除解答",
    "method.dlx": "舞蹈链 (DLX)",
    "method.backtrack": "回溯",
    "import.label": "谜题文本",
    "import.hint": "（一行或一个方阵；也可以在盘面上按 Ctrl+V）",
    "import.placeholder": "粘贴谜题：一行数字和点（9x9 为 81 个字符），或逐行的方阵",
    "import.load": "载入文本",
    "import.symbols": "符号",
    "alphabet.default": "1-9, A-Z",
    "alphabet.hex": "0-9, A-F (16×16)",
    "alphabet.letters": "A-P (16×16), A-Y (25×25)",
    "grid.empty": "空盘面",
    "grid.size": "大小",
    "share.label": "分享链接：",
    "share.this": "这道题",
    "share.follows": "（地址栏随盘面更新）",
    "export.title": "分享与导出",
    "export.progress": "包含我的进度和笔记",
    "export.line": "复制为一行",
    "export.grid": "复制为方阵",
    "export.link": "复制链接",
    "export.print": "打印",
    "export.text": "导出的文本",
    "export.copied": "已复制到剪贴板。",
    "export.select": "请选中下面的文本并复制。",
    "settings.title": "设置",
    "settings.language": "语言",
    "settings.theme": "主题",
    "theme.system": "跟随系统",
    "theme.light": "浅色",
    "theme.dark": "深色",
    "settings.contrast": "高对比度",
    "settings.check": "标出错误（与答案核对）",
    "settings.timer": "显示计时器",
    "settings.highlight": "高亮所在行、列、宫和相同数字",
    "help.title": "按键",
    "help.keys": "方向键移动，数字（大盘面用字母）填入格子，Backspace、Delete、0 或 . 清除，Tab 离开盘面。在盘面上按 Ctrl+V 从剪贴板载入谜题。",
    "help.play": "N 在数字和笔记之间切换；Shift+数字 写笔记；Ctrl+Z 撤销，Ctrl+Y 重做。",
    "finish.title": "完成！",
    "finish.time": "用时",
    "finish.hints": "使用提示",
    "finish.mistakes": "错误",
    "finish.close": "关闭",
    "msg.welcome": "在盘面上输入数字，或在下方粘贴谜题。",
    "msg.cancelled": "已取消。引擎正在重启；盘面保持不变。",
    "msg.timeout": "已停止：{message}。引擎正在重启。",
    "msg.boot": "引擎无法启动（{message}）。请重新加载页面再试。",
    "msg.empty-text": "没有可载入的内容：文本为空。",
    "msg.reading-wait": "引擎就绪后读取谜题…",
    "msg.reading": "正在读取谜题…",
    "msg.unreadable": "无法读取谜题：{error}",
    "parse.count": "找到 {found} 个格子；{size} 谜题有 {expected} 个",
    "parse.line": "（请检查第 {line} 行）",
    "parse.char": "第 {line} 行第 {column} 列的“{char}”不是 {size} 谜题的数字或空格符号",
    "msg.loaded-conflicts": "已载入 {size} 谜题，但其提示数违反规则：",
    "msg.loaded": "已载入 {size} 谜题，共 {givens} 个提示数。",
    "msg.loaded-link": "已从链接载入 {size} 谜题，共 {givens} 个提示数。",
    "msg.restored": "欢迎回来：游戏保持在你离开时的样子。",
    "msg.givens-conflict": "这些提示数违反规则：",
    "msg.digits-conflict": "这些数字违反规则：",
    "msg.no-conflicts": "没有冲突。",
    "msg.solving-wait": "引擎就绪后求解…",
    "msg.solving": "求解中…",
    "msg.changed": "求解时盘面已改变：请再按一次求解。",
    "msg.unique": "已解出：解是唯一的。",
    "msg.solved": "已解出。",
    "msg.multiple": "不止一个解。显示了两个；它们有 {count} 格不同（已高亮）。",
    "msg.none": "无解。",
    "msg.gave-up": "搜索 {nodes} 个节点后放弃。",
    "msg.not-digit": "“{key}”不是 {size} 盘面的数字；请用 {symbols}。",
    "msg.cleared": "解答已清除。",
    "msg.empty-grid": "空的 {size} 盘面：输入提示数，然后按“开始游戏”。",
    "msg.edit": "正在输入谜题：输入的数字是提示数。完成后按“开始游戏”。",
    "msg.play": "游戏中：提示数已锁定。你输入的数字属于你自己。",
    "msg.restart": "已回到开始（撤销可以找回你的步骤）。",
    "msg.rewound": "已撤销 {count} 步，回到最后正确的位置。",
    "msg.rewind-none": "无需回退：没有发现错误。",
    "msg.check-unknown": "只有谜题恰好有一个解时才能核对错误。",
    "msg.wrong": "你有 {count} 个数字与答案不符。",
    "msg.auto": "已在笔记中填入所有候选数；它们会自动更新，你仍然可以修改。",
    "msg.finished": "完成，用时 {time}！",
    "stats.engine": "{method}：引擎内 {ms} 毫秒",
    "stats.nodes": "{count} 个节点",
    "stats.guesses": "{count} 次猜测",
    "stats.updates": "{count} 次更新",
    "stats.round": "往返 {ms} 毫秒",
    "conflict": "{a} 和 {b} 在{house}中都是 {digit}",
    "house.0": "第 {k} 行",
    "house.1": "第 {k} 列",
    "house.2": "第 {k} 宫",
  },
};

export const LANGUAGES = Object.keys(TABLES);
const STORAGE_KEY = "sudoku.lang.v1";

// The language for a list of preferred tags (`navigator.languages`): zh-* -> zh-CN, else English.
export function pickLanguage(preferred = []) {
  for (const tag of preferred) {
    const lower = String(tag).toLowerCase();
    if (lower.startsWith("zh")) return "zh-CN";
    if (lower.startsWith("en")) return "en";
  }
  return "en";
}

function initial() {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved && TABLES[saved]) return saved;
  } catch {
    // Storage may be blocked: follow the browser.
  }
  return pickLanguage(typeof navigator !== "undefined" ? navigator.languages || [navigator.language] : []);
}

let current = typeof localStorage !== "undefined" ? initial() : "en";

export function language() {
  return current;
}

// The engine's texts come in "en" and "zh": the key for the current language.
export function engineLanguage() {
  return current === "zh-CN" ? "zh" : "en";
}

export function t(key, params = {}) {
  const text = TABLES[current][key] ?? TABLES.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

export function translatePage(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  document.title = t("app.title");
}

export function setLanguage(lang) {
  if (!TABLES[lang]) return;
  current = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Not saved; the choice still holds for this visit.
  }
  translatePage();
  // For panels that draw their own text: redraw in the new language.
  document.dispatchEvent(new CustomEvent("sudoku:language", { detail: { lang } }));
}
