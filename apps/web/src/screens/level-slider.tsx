import type { ReactNode } from 'react';
import { Slider, Typography } from '@mui/material';

/** A dimming level from 0 to 100 % in steps of 5, named by the line above it. */
export function LevelSlider(props: {
  labelId: string;
  label: ReactNode;
  value: number;
  onChange: (level: number) => void;
}) {
  return (
    <>
      <Typography variant="body2" id={props.labelId}>
        {props.label}
      </Typography>
      <Slider
        size="small"
        min={0}
        max={100}
        step={5}
        value={props.value}
        onChange={(_, v) => props.onChange(v as number)}
        slotProps={{ input: { 'aria-labelledby': props.labelId } }}
      />
    </>
  );
}
