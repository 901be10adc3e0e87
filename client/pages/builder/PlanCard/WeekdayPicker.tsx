// The days a schedule runs on: none picked means every day.
import { Chip, Group, Input } from '@mantine/core';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function WeekdayPicker({ value, onChange, disabled }: { value: number[]; onChange: (days: number[]) => void; disabled?: boolean }) {
  return (
    <Input.Wrapper label="On these days" description="None picked: every day" size="xs">
      <Chip.Group multiple value={value.map(String)} onChange={(days) => onChange(days.map(Number).sort())}>
        <Group gap={4} mt={4}>
          {DAYS.map((day, i) => (
            <Chip key={day} value={String(i)} size="xs" radius="sm" disabled={disabled}>
              {day}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Input.Wrapper>
  );
}
