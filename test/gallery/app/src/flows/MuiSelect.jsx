// MUI's Select (as its docs' "Basic select"): it opens on mousedown, in a portal with a backdrop.
import { useState } from 'react';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useReport } from '../state.js';

export default function MuiSelect() {
  const [age, setAge] = useState('');
  useReport({ age });
  return (
    <main>
      <h1>Your age</h1>
      <FormControl sx={{ m: 1, minWidth: 160 }}>
        <InputLabel id="age-label">Age</InputLabel>
        <Select labelId="age-label" id="age" value={age} label="Age" onChange={(event) => setAge(event.target.value)}>
          <MenuItem value={10}>Ten</MenuItem>
          <MenuItem value={20}>Twenty</MenuItem>
          <MenuItem value={30}>Thirty</MenuItem>
        </Select>
      </FormControl>
    </main>
  );
}
