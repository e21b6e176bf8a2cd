import LinkDocCore

/// A 《title》 that reads as an agreement but that the manifest does not know. What reads as an
/// agreement is the compiler's (`AgreementTitles`: `compile`, `lint` and the build plugin share
/// it), so this rule shows the compiler's findings as they are.
public struct UnknownAgreementRule: CompilerReportedRule {
    public init() {}
    public static let description = RuleDescription(
        id: RuleID.unknownAgreement, defaultSeverity: nil,
        summary: "A 《title》 that reads as an agreement (…协议, …政策, …Terms) but that the manifest does not know",
        rationale: "An agreement title that is not in the manifest links to nothing: users tap it and nothing opens. It is often a typo (《隐私协议》 for 《隐私政策》) or a new document that was never added to the manifest; the message names the manifest's nearest title. Other 《》 titles (books, songs, films, laws) and placeholders (《%s》) are left alone; options.ignoredTitles and options.agreementWords in the manifest adjust what counts.",
        triggering: ["请阅读↓《隐私协议》", "[条款](↓agreement:nope)", "请阅读↓《用户协意》", "同意↓《用户服务协议》"],
        nonTriggering: ["请阅读《用户协议》和《隐私政策》", "[隐私政策](agreement:privacy)", "推荐阅读《红楼梦》", "是否将《%s》放入书架？",
                        "遵守《通用数据保护条例》", "单曲《 %1$s 》已下载", "依据《中华人民共和国个人信息保护法》"])
}
