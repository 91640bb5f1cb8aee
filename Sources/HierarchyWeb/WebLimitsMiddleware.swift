import Hummingbird

/// Refuses over-long request targets and adds the headers every answer carries
/// (no sniffing, no framing, a content security policy that allows only the page's own files).
struct WebLimitsMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response: Response
        if request.uri.string.utf8.count > HierarchyWebServer.maximumURISize {
            response = WebAPI.errorResponse(
                WebError(414, "the request target is longer than \(HierarchyWebServer.maximumURISize) bytes"))
        } else {
            response = try await next(request, context)
        }
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.contentSecurityPolicy] = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"
        return response
    }
}
