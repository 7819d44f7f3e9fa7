// Ant Design: its Select (rc-select) opens on mousedown and draws its options as plain divs (the
// options with a role are a hidden list for screen readers, a few at a time), a Switch, and a
// Modal that zooms in before its buttons can be pressed. Used as its docs show.
import { useState } from 'react';
import { Button, Modal, Select, Switch } from 'antd';
import { useReport } from '../state.js';

const PLANS = [
  { value: 'free', label: 'Free' },
  { value: 'pro', label: 'Pro' },
  { value: 'team', label: 'Team' },
];

export default function AntdForm() {
  const [plan, setPlan] = useState(null);
  const [yearly, setYearly] = useState(false);
  const [asking, setAsking] = useState(false);
  const [ordered, setOrdered] = useState(null);
  useReport({ plan, yearly, asking, ordered });
  return (
    <main style={{ padding: 16 }}>
      <h1>Upgrade</h1>
      <p>
        <label htmlFor="plan">Plan</label>{' '}
        <Select id="plan" style={{ width: 200 }} placeholder="Choose a plan" value={plan} onChange={setPlan} options={PLANS} />
      </p>
      <p>
        <Switch id="yearly" checked={yearly} onChange={setYearly} /> <label htmlFor="yearly">Pay yearly</label>
      </p>
      <Button type="primary" onClick={() => setAsking(true)}>
        Order
      </Button>
      <Modal
        title="Confirm the order"
        open={asking}
        okText="Place order"
        onOk={() => {
          setOrdered({ plan, yearly });
          setAsking(false);
        }}
        onCancel={() => setAsking(false)}
      >
        <p>You will be charged today.</p>
      </Modal>
    </main>
  );
}
