package dev.agentfsm.samples.spring;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Answers only requests whose {@code Host} names this machine: {@code localhost}, {@code 127.0.0.1},
 * {@code [::1]}, or a name in {@code sample.allowed-hosts}. A web page that rebinds its own name to
 * 127.0.0.1 (DNS rebinding) reaches the port from the user's browser as a same-origin page, but its
 * requests carry its own name: they are refused with 403 before a round runs on the shell.
 */
@Component
class LocalHostsOnly extends OncePerRequestFilter {
    private static final Set<String> LOCAL_NAMES = Set.of("localhost", "127.0.0.1", "[::1]");
    private static final int SHOWN_CHARS = 100;

    private final Set<String> names;

    LocalHostsOnly(@Value("${sample.allowed-hosts:}") List<String> allowed) {
        this.names = Stream.concat(LOCAL_NAMES.stream(), allowed.stream())
                .map(name -> name.strip().toLowerCase(Locale.ROOT))
                .filter(name -> !name.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String host = Optional.ofNullable(request.getHeader("Host")).orElse("");
        if (names.contains(withoutPort(host.strip()).toLowerCase(Locale.ROOT))) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(HttpServletResponse.SC_FORBIDDEN);
        response.setContentType("text/plain;charset=utf-8");
        response.getWriter()
                .write("refused: Host '" + shown(host) + "' is not this machine's name (localhost, 127.0.0.1,"
                        + " [::1]); if you reach the sample by that name, add it to sample.allowed-hosts\n");
    }

    /** {@code name:port} without its port; an IPv6 address keeps its brackets. */
    private static String withoutPort(String host) {
        if (host.startsWith("[")) {
            int close = host.indexOf(']');
            return close < 0 ? host : host.substring(0, close + 1);
        }
        int colon = host.indexOf(':');
        return colon < 0 ? host : host.substring(0, colon);
    }

    /** The header as a refusal may show it: printable ASCII only, short. */
    private static String shown(String value) {
        String printable = value.replaceAll("[^\\x20-\\x7e]", "?");
        return printable.length() <= SHOWN_CHARS ? printable : printable.substring(0, SHOWN_CHARS) + "...";
    }
}
