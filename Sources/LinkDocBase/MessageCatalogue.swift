/// The languages linkdoc speaks to people in: diagnostics, `linkdoc rules`, and the review page.
public enum MessageLanguage: String, Sendable, CaseIterable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"

    /// A `--lang` value or a POSIX locale (`zh_CN.UTF-8`, `zh-Hans`, `en_US`, `C`): any Chinese is
    /// read as Simplified Chinese (the one Chinese the catalogue has), anything else that names a
    /// language as English; nil when `tag` names no language at all.
    public init?(tag: String) {
        let lowered = String(tag.lowercased().prefix { $0 != "." && $0 != "@" })
        let primary = lowered.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        switch primary {
        case "zh": self = .simplifiedChinese
        case "": return nil
        default:
            guard primary.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
            self = .english
        }
    }

    /// The reader's language as POSIX says to look it up: LC_ALL, then LC_MESSAGES, then LANG; the
    /// first that is set and not empty decides ("C" and "POSIX" are English).
    public static func fromEnvironment(_ environment: [String: String]) -> MessageLanguage {
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return MessageLanguage(tag: value) ?? .english
        }
        return .english
    }
}

/// The one catalogue of what linkdoc says to people in other languages than English: a message
/// per rule id (lint, compile and `linkdoc rules` use it) and the review page's own words.
///
/// Diagnostics are translated by rule id: the English message is built from the details of each
/// finding (a URL, a key, a count), so the Simplified Chinese message says what the rule found and
/// keeps the English detail beside it, `headline：detail`.
public enum MessageCatalogue {
    /// What each rule's finding means, in Simplified Chinese. Tests check that every rule id has one.
    public static let simplifiedChineseRuleMessages: [RuleID: String] = [
        .invalidUTF8: "文件含有无效的 UTF-8 字节",
        .unknownAgreement: "清单中没有这个协议",
        .emptyLinkText: "链接没有文字，用户看不到可点的地方",
        .invalidTarget: "链接目标写法无效",
        .mentionTooLong: "@提及的名字太长",
        .topicTooLong: "#话题#太长",
        .documentTooLarge: "文案太长，超出上限",
        .tooManyLinks: "链接太多，超出上限",
        .invalidURL: "网址无效",
        .disallowedScheme: "不允许的网址协议（可能有安全风险）",
        .unlistedScheme: "清单未列出的网址协议",
        .insecureURL: "不安全的网址（http 而非 https）",
        .encodedURL: "网址含有编码字符",
        .homographHost: "网址域名含有易混淆的字符（可能是仿冒网站）",
        .relativeHref: "相对链接无法解析",
        .htmlSanitized: "HTML 中的不安全内容已被移除",
        .htmlUnknownElement: "未知的 HTML 标签",
        .htmlMalformed: "HTML 写法有误",
        .htmlDepthLimit: "HTML 嵌套太深",
        .stringsSyntax: ".strings 文件语法错误",
        .stringsEscape: ".strings 中的反斜杠转义无效",
        .duplicateKey: "同一个键名出现了两次",
        .invalidEncoding: "文件编码无效",
        .jsonSyntax: "String Catalog 不是有效的 JSON",
        .catalogStructure: "String Catalog 的结构不对",
        .pluralCategory: "复数类别名称无效",
        .xmlSyntax: "Android 字符串文件不是格式正确的 XML",
        .xmlEntity: "未展开的 XML 实体",
        .androidEscape: "Android 构建会拒绝这个字符串（撇号未转义或 \\u 转义有误）",
        .androidUnknownEscape: "Android 不认识的反斜杠转义",
        .androidResource: "Android 资源元素的结构不对",
        .androidReference: "无法解析的 Android 资源引用",
        .ndjsonRecord: "NDJSON 记录格式有误",
        .ndjsonEmptyLine: "NDJSON 中有空行",
        .unbalancedBrackets: "括号或书名号不成对",
        .linkTextMismatch: "链接文字与实际打开的网址不一致",
        .ambiguousURLEnd: "网址结尾处不明确，可能多包含或少包含了字符",
        .unresolvedMention: "@提及的用户不在清单中",
        .adjacentLinks: "两个链接紧挨在一起，难以分别点击",
        .duplicateLink: "同一个链接出现了多次",
        .bidiControl: "含有双向文字控制字符（可能让文字显示得与实际不同）",
        .invisibleCharacter: "含有看不见的字符",
        .cjkLatinSpacing: "中文与西文之间的空格不一致",
        .fullwidthPunctuation: "中文文案中使用了半角标点",
        .fitsLines: "文案在界面中放不下，会被截断",
        .smallTapTarget: "链接的点击区域太小",
        .fixNotApplied: "--fix 没有改写这个文件",
    ]

    /// The rule ids of `ruleIDs` that `table` has no message for.
    public static func missingMessages(for ruleIDs: [RuleID], in table: [RuleID: String]) -> [RuleID] {
        ruleIDs.filter { (table[$0] ?? "").isEmpty }
    }

    /// The rule's meaning in `language`; nil in English, where the message itself is the meaning.
    public static func headline(for rule: RuleID, in language: MessageLanguage) -> String? {
        switch language {
        case .english: nil
        case .simplifiedChinese: simplifiedChineseRuleMessages[rule]
        }
    }

    /// A diagnostic's message as a reader of `language` gets it: in English as it is; otherwise the
    /// rule's headline with the English detail after it (the detail quotes copy, URLs and keys).
    public static func message(_ english: String, rule: RuleID, in language: MessageLanguage) -> String {
        guard let headline = headline(for: rule, in: language) else { return english }
        return headline + "：" + english
    }

    /// One of the review page's own words in `language`.
    public static func word(_ word: PageWord, in language: MessageLanguage) -> String {
        switch language {
        case .english: word.english
        case .simplifiedChinese: simplifiedChinesePageWords[word] ?? word.english
        }
    }

    /// The review page's words in Simplified Chinese. Tests check that every `PageWord` has one.
    public static let simplifiedChinesePageWords: [PageWord: String] = [
        .pageTitle: "linkdoc 文案审阅",
        .strings: "文案",
        .files: "文件",
        .errors: "错误",
        .warnings: "警告",
        .infos: "提示",
        .severityError: "错误",
        .severityWarning: "警告",
        .severityInfo: "提示",
        .filterLanguage: "语言",
        .filterRule: "规则",
        .filterSeverity: "严重程度",
        .filterKind: "链接类型",
        .filterAll: "全部",
        .onlyWithFindings: "只看有问题的文案",
        .search: "搜索",
        .searchPlaceholder: "搜索文案、键名或文件",
        .kindAgreement: "协议",
        .kindMention: "提及",
        .kindTopic: "话题",
        .kindURL: "网址",
        .kindEmail: "邮箱",
        .kindPhone: "电话",
        .kindAction: "操作",
        .kindApp: "应用内",
        .linkOpens: "点击后打开",
        .linkKind: "类型",
        .linkURL: "网址",
        .linkAgreementID: "协议编号",
        .linkTitle: "标题",
        .linkUserID: "用户编号",
        .linkName: "名称",
        .linkAction: "操作",
        .linkAddress: "地址",
        .linkNumber: "号码",
        .linkWrittenAt: "源文件位置",
        .linkHandledByApp: "由应用处理，没有网址",
        .fix: "修改建议",
        .fixBefore: "修改前",
        .fixAfter: "修改后",
        .englishDetail: "英文原文",
        .previews: "预览",
        .previewMarked: "标出点击区域",
        .previewClean: "原样",
        .fits: "放得下",
        .doesNotFit: "放不下",
        .linesNeeded: "需要行数",
        .linesAllowed: "最多行数",
        .tapAreasOK: "点击区域够大",
        .tapAreaSmall: "点击区域太小",
        .showingRange: "显示第 {from}–{to} 项，共 {total} 项",
        .previousPage: "上一页",
        .nextPage: "下一页",
        .noMatch: "没有符合条件的文案。",
        .wholeFile: "整个文件",
        .noText: "（此语言没有这条文案）",
        .anchor: "本条链接",
        .legendTitle: "颜色的含义",
        .legendError: "红色：错误——应用里会显示错，或无法构建",
        .legendWarning: "橙色：警告——很可能是问题，请检查",
        .legendInfo: "灰色：提示——仅供参考",
        .legendLink: "带下划线的彩色文字是可点击的链接，颜色表示类型；点一下可看它打开什么",
        .clickLinkHint: "点击链接查看它打开什么",
        .rule: "规则",
        .view: "界面",
        .close: "关闭",
        .needsJavaScript: "此页面需要启用 JavaScript 才能显示文案。",
    ]
}

/// A word or phrase of the review page, with its English.
public enum PageWord: String, Sendable, CaseIterable {
    case pageTitle, strings, files, errors, warnings, infos
    case severityError, severityWarning, severityInfo
    case filterLanguage, filterRule, filterSeverity, filterKind, filterAll, onlyWithFindings, search, searchPlaceholder
    case kindAgreement, kindMention, kindTopic, kindURL, kindEmail, kindPhone, kindAction, kindApp
    case linkOpens, linkKind, linkURL, linkAgreementID, linkTitle, linkUserID, linkName, linkAction, linkAddress, linkNumber
    case linkWrittenAt, linkHandledByApp
    case fix, fixBefore, fixAfter, englishDetail
    case previews, previewMarked, previewClean, fits, doesNotFit, linesNeeded, linesAllowed, tapAreasOK, tapAreaSmall
    case showingRange, previousPage, nextPage, noMatch, wholeFile, noText, anchor
    case legendTitle, legendError, legendWarning, legendInfo, legendLink, clickLinkHint, rule, view, close, needsJavaScript

    public var english: String {
        switch self {
        case .pageTitle: "linkdoc review"
        case .strings: "Strings"
        case .files: "Files"
        case .errors: "Errors"
        case .warnings: "Warnings"
        case .infos: "Info"
        case .severityError: "error"
        case .severityWarning: "warning"
        case .severityInfo: "info"
        case .filterLanguage: "Language"
        case .filterRule: "Rule"
        case .filterSeverity: "Severity"
        case .filterKind: "Link kind"
        case .filterAll: "All"
        case .onlyWithFindings: "Only strings with findings"
        case .search: "Search"
        case .searchPlaceholder: "Search text, key or file"
        case .kindAgreement: "agreement"
        case .kindMention: "mention"
        case .kindTopic: "topic"
        case .kindURL: "web address"
        case .kindEmail: "email"
        case .kindPhone: "phone"
        case .kindAction: "action"
        case .kindApp: "in-app"
        case .linkOpens: "Tapping it opens"
        case .linkKind: "Kind"
        case .linkURL: "Address"
        case .linkAgreementID: "Agreement id"
        case .linkTitle: "Title"
        case .linkUserID: "User id"
        case .linkName: "Name"
        case .linkAction: "Action"
        case .linkAddress: "Email address"
        case .linkNumber: "Number"
        case .linkWrittenAt: "Written at"
        case .linkHandledByApp: "handled by the app, no address"
        case .fix: "Suggested fix"
        case .fixBefore: "Before"
        case .fixAfter: "After"
        case .englishDetail: "English original"
        case .previews: "Previews"
        case .previewMarked: "Tap areas marked"
        case .previewClean: "As shown"
        case .fits: "Fits"
        case .doesNotFit: "Does not fit"
        case .linesNeeded: "lines needed"
        case .linesAllowed: "allowed"
        case .tapAreasOK: "Tap areas large enough"
        case .tapAreaSmall: "Tap area too small"
        case .showingRange: "Showing {from}–{to} of {total}"
        case .previousPage: "Previous page"
        case .nextPage: "Next page"
        case .noMatch: "No strings match."
        case .wholeFile: "Whole file"
        case .noText: "(no text in this language)"
        case .anchor: "Link to this string"
        case .legendTitle: "What the colours mean"
        case .legendError: "Red: error, the app shows it wrong or the build fails"
        case .legendWarning: "Orange: warning, most likely a problem, please check"
        case .legendInfo: "Grey: info, for your information only"
        case .legendLink: "Underlined coloured words are links, the colour says what kind; tap one to see what it opens"
        case .clickLinkHint: "Tap a link to see what it opens"
        case .rule: "Rule"
        case .view: "View"
        case .close: "Close"
        case .needsJavaScript: "This page needs JavaScript to show the strings."
        }
    }
}
