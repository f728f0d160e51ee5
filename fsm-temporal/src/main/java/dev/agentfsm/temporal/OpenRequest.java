package dev.agentfsm.temporal;

import java.util.Objects;

/**
 * The workflow asks a worker to take a session: to create its agent (or keep the one it has) and say
 * where its steps run.
 *
 * @param session the session's id
 * @param machine the name of the session's machine
 */
record OpenRequest(String session, String machine) {
    OpenRequest {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(machine, "machine");
    }
}
