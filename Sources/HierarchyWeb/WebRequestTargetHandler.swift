import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Refuses, with 400 and a closed connection, a request head whose host is ambiguous, before it
/// is turned into an `HTTPRequest` (which keeps the first `Host` and drops the authority of an
/// absolute-form target, so `WebAccessMiddleware` could not tell):
/// - a head with more than one `Host` field;
/// - an absolute-form target (`GET http://name/ HTTP/1.1`) or an authority-form one whose
///   authority is not the `Host` field's value.
///
/// It sits right after the HTTP/1 decoder; `WebRequestTargetHandler.Installer`, one of the
/// server's additional channel handlers, puts it there.
final class WebRequestTargetHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    /// Once refused, nothing more is read or passed on.
    private var refused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        if case .head(let head) = unwrapInboundIn(data),
            let reason = Self.refusal(uri: head.uri, hosts: head.headers["Host"])
        {
            refuse(reason, context: context)
            return
        }
        context.fireChannelRead(data)
    }

    /// Why a request head with this target and these `Host` values is refused, nil when it is not.
    static func refusal(uri: String, hosts: [String]) -> String? {
        if hosts.count > 1 { return "the request names more than one Host" }
        guard let authority = authority(ofTarget: uri) else { return nil }
        guard let host = hosts.first, host.lowercased() == authority.lowercased() else {
            return "the request target names another host than its Host header"
        }
        return nil
    }

    /// The authority an absolute-form (`http://name:port/path`) or authority-form (`name:port`)
    /// target names, nil for an origin-form (`/path`) or asterisk-form (`*`) one.
    static func authority(ofTarget uri: String) -> String? {
        guard !uri.hasPrefix("/"), uri != "*" else { return nil }
        guard let separator = uri.range(of: "://") else { return uri }
        let rest = uri[separator.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority)
    }

    private func refuse(_ reason: String, context: ChannelHandlerContext) {
        refused = true
        let message = (try? JSONEncoder().encode(["error": reason])) ?? Data("{}".utf8)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json; charset=utf-8")
        headers.add(name: "Content-Length", value: String(message.count))
        headers.add(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: .http1_1, status: .badRequest, headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(
            wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: message)))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            channel.close(promise: nil)
        }
    }

    /// Passes every part on; when added to a pipeline, puts a `WebRequestTargetHandler` right
    /// after the HTTP/1 decoder.
    final class Installer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPRequestPart
        typealias InboundOut = HTTPRequestPart

        func handlerAdded(context: ChannelHandlerContext) {
            let pipeline = context.pipeline.syncOperations
            guard let decoder = try? pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self) else {
                return
            }
            try? pipeline.addHandler(WebRequestTargetHandler(), position: .after(decoder))
        }
    }
}
