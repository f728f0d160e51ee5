package dev.agentfsm.runtime;

import dev.agentfsm.annotations.Trigger;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Hand-written machines for this module's tests, which cannot run the annotation processor on itself:
 * what the processor generates for UFO's HostAgent and AppAgent as the fsm-tests fixture declares them
 * (a status enum per machine, its table and its manager), written out by hand. States do nothing, and
 * a state without a single move goes where the agent's status says. The HostAgent's descriptions and
 * when texts are the fixture's (the AppAgent's are left empty, as a machine without them).
 */
public final class MachineDoubles {
    private MachineDoubles() {}

    private static final Manager<HostStatus> HOST =
            new Manager<>("HostAgent", HostStatus.class, HostStatus.CONTINUE, Optional.of(HostStatus.ERROR));
    private static final Manager<AppStatus> APP =
            new Manager<>("AppAgent", AppStatus.class, AppStatus.CONTINUE, Optional.of(AppStatus.ERROR));

    /** The HostAgent's statuses. */
    public enum HostStatus implements Status {
        CONTINUE,
        ASSIGN,
        PENDING,
        CONFIRM,
        FINISH,
        FAIL,
        ERROR;

        @Override
        public StateManager<?, ?> machine() {
            return HOST;
        }

        @Override
        public String description() {
            return switch (this) {
                case CONTINUE -> "Run the agent's four-phase step";
                case ASSIGN -> "Create or reuse the AppAgent and hand off";
                default -> "";
            };
        }

        @Override
        public boolean isTerminal() {
            return this == FINISH || this == FAIL || this == ERROR;
        }

        @Override
        public boolean endsRound() {
            return this == FINISH;
        }

        @Override
        public boolean endsSubtask() {
            return false;
        }

        @Override
        public List<Move> moves() {
            return switch (this) {
                case CONTINUE ->
                    List.of(
                            move(this, CONTINUE, Trigger.LLM),
                            new Move(this, ASSIGN, Trigger.LLM, "an application was selected"),
                            move(this, FINISH, Trigger.LLM),
                            move(this, PENDING, Trigger.LLM),
                            move(this, CONFIRM, Trigger.LLM),
                            move(this, ERROR, Trigger.SYSTEM));
                case ASSIGN -> List.of(move(this, AppStatus.CONTINUE, Trigger.SYSTEM));
                case PENDING -> List.of(move(this, CONTINUE, Trigger.USER), move(this, FAIL, Trigger.TIMEOUT));
                case CONFIRM ->
                    List.of(
                            new Move(this, CONTINUE, Trigger.USER, "approved"),
                            new Move(this, FAIL, Trigger.USER, "rejected"));
                case FINISH -> List.of();
                case FAIL, ERROR -> List.of(new Move(this, FINISH, Trigger.SYSTEM, "clean-up"));
            };
        }
    }

    /** The AppAgent's statuses; its terminal states hand back to the HostAgent. */
    public enum AppStatus implements Status {
        CONTINUE,
        SCREENSHOT,
        PENDING,
        CONFIRM,
        FINISH,
        FAIL,
        ERROR;

        @Override
        public StateManager<?, ?> machine() {
            return APP;
        }

        @Override
        public String description() {
            return "";
        }

        @Override
        public boolean isTerminal() {
            return this == FINISH || this == FAIL || this == ERROR;
        }

        @Override
        public boolean endsRound() {
            return false;
        }

        @Override
        public boolean endsSubtask() {
            return isTerminal();
        }

        @Override
        public List<Move> moves() {
            return switch (this) {
                case CONTINUE ->
                    List.of(
                            move(this, CONTINUE, Trigger.LLM),
                            move(this, SCREENSHOT, Trigger.LLM),
                            move(this, FINISH, Trigger.LLM),
                            move(this, FAIL, Trigger.LLM),
                            move(this, PENDING, Trigger.LLM),
                            move(this, CONFIRM, Trigger.LLM),
                            move(this, ERROR, Trigger.SYSTEM));
                case SCREENSHOT ->
                    List.of(move(this, SCREENSHOT, Trigger.SYSTEM), move(this, CONTINUE, Trigger.SYSTEM));
                case PENDING -> List.of(move(this, CONTINUE, Trigger.USER));
                case CONFIRM -> List.of(move(this, CONTINUE, Trigger.USER), move(this, FINISH, Trigger.USER));
                case FINISH ->
                    List.of(
                            move(this, HostStatus.CONTINUE, Trigger.SYSTEM),
                            move(this, HostStatus.FINISH, Trigger.SYSTEM));
                case FAIL -> List.of(move(this, HostStatus.CONTINUE, Trigger.SYSTEM));
                case ERROR -> List.of(move(this, HostStatus.FINISH, Trigger.SYSTEM));
            };
        }
    }

    private static Move move(Status from, Status to, Trigger trigger) {
        return new Move(from, to, trigger, "");
    }

    /** A machine's manager: its states do nothing; its table is {@link Table}. */
    private static final class Manager<T extends Enum<T> & Status> implements StateManager<Agent, AgentState<Agent>> {
        private final String name;
        private final Table<T> table;
        private final AgentState<Agent> state = new AgentState<>() {};

        Manager(String name, Class<T> type, T initial, Optional<T> onError) {
            this.name = name;
            this.table = new Table<>(name, type, initial, onError);
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Class<Agent> agentType() {
            return Agent.class;
        }

        @Override
        public TransitionTable<T> table() {
            return table;
        }

        @Override
        public AgentState<Agent> initial() {
            return state;
        }

        @Override
        public AgentState<Agent> get(Status status) {
            if (status.machine() != this) {
                throw new IllegalArgumentException(status.qualifiedName() + " is not a status of " + name);
            }
            return state;
        }

        @Override
        public AgentState<Agent> get(String status) {
            return get(table.require(status));
        }

        @Override
        public Optional<AgentState<Agent>> find(String status) {
            return table.parse(status).map(this::get);
        }

        @Override
        public Next next(Status from, Agent agent) {
            get(from);
            List<Move> moves = from.moves();
            if (moves.size() == 1 && !moves.get(0).isHandOff()) {
                return Next.move(from, moves.get(0).to());
            }
            return Next.byStatus(from, agent.status());
        }
    }

    /** A machine's table. */
    private record Table<T extends Enum<T> & Status>(String machine, Class<T> type, T initial, Optional<T> onError)
            implements TransitionTable<T> {

        @Override
        public List<T> statuses() {
            return Arrays.asList(type.getEnumConstants());
        }

        @Override
        public Optional<T> parse(String status) {
            return statuses().stream().filter(s -> s.name().equals(status)).findFirst();
        }

        @Override
        public Optional<T> fallback() {
            return Optional.empty();
        }
    }
}
