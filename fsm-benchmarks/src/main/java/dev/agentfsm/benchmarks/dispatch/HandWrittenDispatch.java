package dev.agentfsm.benchmarks.dispatch;

import dev.agentfsm.benchmarks.machines.AppAgent;
import dev.agentfsm.benchmarks.machines.HostAgent;
import dev.agentfsm.runtime.Agent;

/**
 * The floor: the two machines as one {@code switch} over {@link FlatState}, written by hand, doing
 * what the generated loop does (ask the LLM in CONTINUE, select the app in ASSIGN, hand off and
 * back) with nothing checked beyond what the switch encodes.
 */
final class HandWrittenDispatch implements Dispatch {
    private final HostAgent host = Scenario.newHost();
    private FlatState last = FlatState.H_CONTINUE;

    @Override
    public int pass() {
        host.rewind();
        FlatState state = FlatState.H_CONTINUE;
        Agent agent = host;
        int transitions = 0;
        while (state != FlatState.H_FINISH) {
            state = switch (state) {
                case H_CONTINUE -> {
                    yield host(host.llm().next());
                }
                case H_ASSIGN -> {
                    agent = host.assignNext();
                    yield FlatState.A_CONTINUE;
                }
                case A_CONTINUE -> {
                    yield app(host.llm().next());
                }
                case A_FINISH, A_FAIL -> {
                    agent = ((AppAgent) agent).hostAgent();
                    yield FlatState.H_CONTINUE;
                }
                case A_ERROR -> {
                    agent = ((AppAgent) agent).hostAgent();
                    yield FlatState.H_FINISH;
                }
                case H_FAIL, H_ERROR -> FlatState.H_FINISH;
                default -> throw new IllegalStateException("no move from " + state);
            };
            transitions++;
        }
        last = state;
        return transitions;
    }

    private static FlatState host(String status) {
        return switch (status) {
            case "CONTINUE" -> FlatState.H_CONTINUE;
            case "ASSIGN" -> FlatState.H_ASSIGN;
            case "FINISH" -> FlatState.H_FINISH;
            case "PENDING" -> FlatState.H_PENDING;
            case "CONFIRM" -> FlatState.H_CONFIRM;
            case "ERROR" -> FlatState.H_ERROR;
            default -> throw new IllegalStateException("HostAgent.CONTINUE cannot move to " + status);
        };
    }

    private static FlatState app(String status) {
        return switch (status) {
            case "CONTINUE" -> FlatState.A_CONTINUE;
            case "SCREENSHOT" -> FlatState.A_SCREENSHOT;
            case "FINISH" -> FlatState.A_FINISH;
            case "FAIL" -> FlatState.A_FAIL;
            case "PENDING" -> FlatState.A_PENDING;
            case "CONFIRM" -> FlatState.A_CONFIRM;
            case "ERROR" -> FlatState.A_ERROR;
            default -> throw new IllegalStateException("AppAgent.CONTINUE cannot move to " + status);
        };
    }

    @Override
    public String state() {
        return last.qualified();
    }
}
